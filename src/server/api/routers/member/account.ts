import { changeEmailInput, changePasswordInput, deleteAccountInput, notificationInput, passwordChangeResult, profileInput, userInfo } from "@/schemas/account";
import { statusOk } from "@/schemas/common";
import { blankSessionCookie } from "@/server/auth/session";
import { changePassword, deleteAccount, getNotification, getProfile, requestEmailChange, setNotification, updateProfile } from "@/server/accounts";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** The current member's account (GET /api/user/info) and settings. */
export const accountRouter = createTRPCRouter({
  info: memberProcedure.output(userInfo).query(({ ctx }) => ({
    _id: ctx.user.id,
    email: ctx.user.email,
    names: { last: ctx.user.last_name, first: ctx.user.first_name },
    status: ctx.user.status,
    type: ctx.user.type,
    must_reset_password: ctx.user.must_reset_password,
    password_change_required: ctx.userSession.passwordChangeRequired,
  })),

  profile: memberProcedure.query(({ ctx }) => getProfile(ctx.db, ctx.user.id)),

  /** POST /api/user */
  update: memberProcedure
    .input(profileInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await updateProfile(ctx.db, ctx.user.id, input);
      return { status: true as const };
    }),

  /** POST /api/user/email: a confirmation link goes to the new address. */
  changeEmail: memberProcedure
    .input(changeEmailInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await requestEmailChange(ctx.db, ctx.user.id, input);
      return { status: true as const };
    }),

  /** POST /api/user/password: { status: false } when the current password is wrong (spec §8). */
  changePassword: memberProcedure
    .input(changePasswordInput)
    .output(passwordChangeResult)
    .mutation(({ ctx, input }) => changePassword(ctx.db, ctx.user.id, ctx.userSession.id, input)),

  /** POST /api/user/delete */
  delete: memberProcedure
    .input(deleteAccountInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await deleteAccount(ctx.db, ctx.user.id, input.password);
      ctx.setCookie(blankSessionCookie("user"));
      return { status: true as const };
    }),

  notification: memberProcedure.output(notificationInput).query(({ ctx }) => getNotification(ctx.db, ctx.user.id)),

  /** POST /api/user/notification */
  setNotification: memberProcedure
    .input(notificationInput)
    .output(notificationInput)
    .mutation(({ ctx, input }) => setNotification(ctx.db, ctx.user.id, input)),
});
