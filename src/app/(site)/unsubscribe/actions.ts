"use server";

import { redirect } from "next/navigation";
import { confirmUnsubscribe } from "@/server/routes/unsubscribe";

/** The confirmation form: switches the token's mail off (no login; the signed token is the authority). */
export async function unsubscribeAction(formData: FormData): Promise<void> {
  const token = String(formData.get("token") ?? "");
  const state = await confirmUnsubscribe(token);
  redirect(`/unsubscribe?token=${encodeURIComponent(token)}${state.status === "invalid" ? "" : "&done=1"}`);
}
