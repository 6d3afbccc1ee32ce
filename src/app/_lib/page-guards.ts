import "server-only";
import { notFound, redirect } from "next/navigation";
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

/**
 * Admins only. Others go to the admin login, or with `otherwise: "not-found"`
 * get the site's ordinary 404 (the preview area: a visitor must learn nothing
 * of either base path).
 */
export async function requireAdmin({ otherwise = "login" }: { otherwise?: "login" | "not-found" } = {}): Promise<void> {
  const state = await api.public.session.state();
  if (state.isAdminLogin) return;
  if (otherwise === "not-found") notFound();
  redirect(`${env().ADMIN_BASE_PATH}/login`);
}
