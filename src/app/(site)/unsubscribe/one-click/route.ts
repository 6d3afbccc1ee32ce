import { oneClickUnsubscribeRoute } from "@/server/routes/unsubscribe";

/** RFC 8058 one-click unsubscribe target of the List-Unsubscribe header (no login, no CSRF token: the signed token is the authority). */
export async function POST(request: Request): Promise<Response> {
  return oneClickUnsubscribeRoute(request);
}

export const dynamic = "force-dynamic";
