import "server-only";
import { notFound, redirect } from "next/navigation";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

/**
 * Page-level guards. Next renders a layout and its page in parallel, so a
 * page that loads member or admin data checks the session itself (the
 * procedures refuse anyway; this turns the refusal into a redirect).
 *
 * A session that logged in with a password failing today's policy is sent to
 * the change-password page from every other page (`passwordChangePage: true`
 * marks that page and the layouts around it); its procedures refuse the rest.
 */
export const MEMBER_PASSWORD_PATH = "/mypage/password";
export const adminPasswordPath = () => `${env().ADMIN_BASE_PATH}/password`;

export async function requireMember(next = "/mypage", { passwordChangePage = false } = {}): Promise<void> {
  const state = await api.public.session.state();
  if (!state.isUserLogin) redirect(`/login?next=${encodeURIComponent(next)}`);
  if (!passwordChangePage && (await api.member.account.info()).password_change_required) redirect(`${MEMBER_PASSWORD_PATH}?required=1`);
}

/**
 * Admins only. Others go to the admin login, or with `otherwise: "not-found"`
 * get the site's ordinary 404 (the preview area: a visitor must learn nothing
 * of either base path).
 */
export async function requireAdmin({
  otherwise = "login",
  passwordChangePage = false,
}: { otherwise?: "login" | "not-found"; passwordChangePage?: boolean } = {}): Promise<void> {
  const state = await api.public.session.state();
  if (!state.isAdminLogin) {
    if (otherwise === "not-found") notFound();
    redirect(`${env().ADMIN_BASE_PATH}/login`);
  }
  if (!passwordChangePage && (await api.admin.account.info()).password_change_required) redirect(`${adminPasswordPath()}?required=1`);
}
