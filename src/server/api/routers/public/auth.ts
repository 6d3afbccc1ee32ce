import {
  adminForgotPasswordInput,
  firstLoginInput,
  forgotPasswordInput,
  loginInput,
  loginResult,
  registerInput,
  resetPasswordInput,
  signupInput,
  staffInviteState,
  tokenInput,
} from "@/schemas/account";
import { statusOk } from "@/schemas/common";
import { z } from "@/schemas/zod";
import { consume } from "@/server/auth/rate-limit";
import { assertHuman } from "@/server/auth/recaptcha";
import { blankSessionCookie, invalidateSession, sessionCookie, type AccountKind } from "@/server/auth/session";
import {
  acceptStaffInvite,
  confirmEmailChange,
  firstLogin,
  login,
  loginWithLink,
  register,
  requestPasswordReset,
  resetPassword,
  signup,
  staffInviteState as inviteState,
  type LoginResult,
} from "@/server/accounts";
import type { Context } from "../../context";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/**
 * Guest-side account calls (spec §7 /sanctum/...). Member and admin variants
 * are separate procedures with separate cookies.
 */
const meta = (ctx: Context) => ({ ip: ctx.ip, userAgent: ctx.headers.get("user-agent") });
const ipKey = (ctx: Context) => ctx.ip ?? "unknown";

function startSession(ctx: Context, kind: AccountKind, r: LoginResult): { status: "ok" | "first_login" | "change_password" } {
  if (r.status !== "ok") return { status: r.status };
  ctx.setCookie(sessionCookie(kind, r.token, r.expiresAt));
  return { status: r.passwordChangeRequired ? "change_password" : "ok" };
}

async function endSession(ctx: Context, kind: AccountKind): Promise<{ status: true }> {
  const session = kind === "user" ? ctx.userSession : ctx.adminSession;
  if (session) await invalidateSession(ctx.db, kind, session.id);
  ctx.setCookie(blankSessionCookie(kind));
  return { status: true };
}

export const authRouter = createTRPCRouter({
  /** POST /sanctum/signup */
  signup: publicProcedure
    .input(signupInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("signup", ipKey(ctx));
      await assertHuman(input.recaptcha_token, "Signup", ctx.ip);
      await signup(ctx.db, input.email, input.intent);
      return { status: true as const };
    }),

  /** POST /sanctum/register: the mailed token + password + profile; logs the new member in. */
  register: publicProcedure
    .input(registerInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("signup", `register|${ipKey(ctx)}`);
      const r = await register(ctx.db, input, meta(ctx));
      ctx.setCookie(sessionCookie("user", r.token, r.expiresAt));
      return { status: true as const };
    }),

  /** POST /sanctum/login */
  login: publicProcedure
    .input(loginInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      await assertHuman(input.recaptcha_token, "Login", ctx.ip);
      return startSession(ctx, "user", await login(ctx.db, "user", input, meta(ctx)));
    }),

  /** POST /sanctum/admin/login */
  adminLogin: publicProcedure
    .input(loginInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      await assertHuman(input.recaptcha_token, "AdminLogin", ctx.ip);
      return startSession(ctx, "admin", await login(ctx.db, "admin", input, meta(ctx)));
    }),

  /** The one-time login link mailed while the account is under a password-guessing attack. */
  loginLink: publicProcedure
    .input(tokenInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      return startSession(ctx, "user", await loginWithLink(ctx.db, "user", input.token, meta(ctx)));
    }),

  adminLoginLink: publicProcedure
    .input(tokenInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      return startSession(ctx, "admin", await loginWithLink(ctx.db, "admin", input.token, meta(ctx)));
    }),

  /** POST /sanctum/reset-password/first-login */
  firstLogin: publicProcedure
    .input(firstLoginInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      return startSession(ctx, "user", await firstLogin(ctx.db, "user", input, meta(ctx)));
    }),

  adminFirstLogin: publicProcedure
    .input(firstLoginInput)
    .output(loginResult)
    .mutation(async ({ ctx, input }) => {
      await consume("loginIp", ipKey(ctx));
      return startSession(ctx, "admin", await firstLogin(ctx.db, "admin", input, meta(ctx)));
    }),

  /** The set-password page of a staff invitation: whom the link is for, or null once used or expired. */
  adminInviteState: publicProcedure
    .input(tokenInput)
    .output(staffInviteState)
    .query(({ ctx, input }) => inviteState(ctx.db, input.token)),

  /** The invitee sets a password through the mailed link (single use) and is logged in. */
  adminAcceptInvite: publicProcedure
    .input(resetPasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("resetPassword", `admin|${ipKey(ctx)}`);
      const r = await acceptStaffInvite(ctx.db, input, meta(ctx));
      ctx.setCookie(sessionCookie("admin", r.token, r.expiresAt));
      return { status: true as const };
    }),

  /** POST /sanctum/forgot-password (member: with bot check) */
  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("forgotPassword", ipKey(ctx));
      await assertHuman(input.recaptcha_token, "ForgotPassword", ctx.ip);
      await requestPasswordReset(ctx.db, "user", input.email);
      return { status: true as const };
    }),

  /** The admin variant sends no bot-check token. */
  adminForgotPassword: publicProcedure
    .input(adminForgotPasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("forgotPassword", `admin|${ipKey(ctx)}`);
      await requestPasswordReset(ctx.db, "admin", input.email);
      return { status: true as const };
    }),

  /** POST /sanctum/reset-password */
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("resetPassword", ipKey(ctx));
      await resetPassword(ctx.db, "user", input);
      return { status: true as const };
    }),

  adminResetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await consume("resetPassword", `admin|${ipKey(ctx)}`);
      await resetPassword(ctx.db, "admin", input);
      return { status: true as const };
    }),

  /** The link mailed on an e-mail change; works without a session, the token is the proof. */
  confirmEmail: publicProcedure
    .input(tokenInput)
    .output(z.object({ email: z.string() }))
    .mutation(({ ctx, input }) => confirmEmailChange(ctx.db, input.token)),

  /** POST /sanctum/logout */
  logout: publicProcedure.output(statusOk).mutation(({ ctx }) => endSession(ctx, "user")),
  /** POST /sanctum/admin/logout */
  adminLogout: publicProcedure.output(statusOk).mutation(({ ctx }) => endSession(ctx, "admin")),
});
