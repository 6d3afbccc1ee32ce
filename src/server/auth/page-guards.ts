import "server-only";
import { redirect } from "next/navigation";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

/**
 * Page-level guards. Next renders a layout and its page in parallel, so a
 * page that loads member or admin data checks the session itself (the
 * procedures refuse anyway; this turns the refusal into a redirect).
 */
export async function requireMember(next = "/mypage"): Promise<void> {
  const state = await api.public.session.state();
  if (!state.isUserLogin) redirect(`/login?next=${encodeURIComponent(next)}`);
}

export async function requireAdmin(): Promise<void> {
  const state = await api.public.session.state();
  if (!state.isAdminLogin) redirect(`${env().ADMIN_BASE_PATH}/login`);
}
