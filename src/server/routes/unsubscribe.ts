import { getDb, type Db } from "@/server/db";
import { applyUnsubscribe, inspectUnsubscribe, type UnsubscribeState } from "@/server/newsletters";

/**
 * The unsubscribe link's HTTP side (src/app/(site)/unsubscribe): no login, the
 * signed token is the authority. The page and its form read and change the
 * state through these, on the app's database.
 */
export async function unsubscribeState(token: string): Promise<UnsubscribeState> {
  return inspectUnsubscribe(await getDb(), token);
}

export async function confirmUnsubscribe(token: string): Promise<UnsubscribeState> {
  return applyUnsubscribe(await getDb(), token);
}

/**
 * RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): the mail client
 * POSTs to the List-Unsubscribe address with no cookies and no page. Answers
 * 200 once the mail is off (also when it already was), 400 for a bad token.
 */
export async function oneClickUnsubscribe(db: Db, request: Request): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token");
  const state = await applyUnsubscribe(db, token);
  const headers = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (state.status === "invalid") return new Response("無効なリンクです", { status: 400, headers });
  return new Response("配信を停止しました", { status: 200, headers });
}

/** The one-click route handler, on the app's database. */
export const oneClickUnsubscribeRoute = async (request: Request) => oneClickUnsubscribe(await getDb(), request);
