import {
  accountDetail,
  accountIdInput,
  accountPage,
  accountSearchInput,
  accountStatusInput,
  accountTypeInput,
  registerMemberInput,
} from "@/schemas/admin/accounts";
import { createdRow, statusOk } from "@/schemas/common";
import {
  endAccountSessions,
  getAccountDetail,
  purgeAccount,
  registerMember,
  searchAccounts,
  sendForgotPassword,
  setAccountStatus,
  setAccountType,
  softDeleteAccount,
} from "@/server/accounts";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const ok = { status: true as const };

/**
 * Member management (spec §7 admin account calls):
 *  search        GET /api/admin/account/search
 *  byId          GET /api/admin/account/item/{id}
 *  create        POST /api/admin/account
 *  remove        DELETE /api/admin/account/{id}
 *  setStatus     PATCH /api/admin/account/status/{id}/{status}
 *  setType       PATCH /api/admin/account/type/{id}/{type}
 *  deleted.*     GET /api/admin/account/deleted/search, …/deleted/item/{id}, DELETE …/deleted/{id}
 */
export const adminAccountsRouter = createTRPCRouter({
  search: adminProcedure
    .input(accountSearchInput)
    .output(accountPage)
    .query(({ ctx, input }) => searchAccounts(ctx.db, input)),
  byId: adminProcedure
    .input(accountIdInput)
    .output(accountDetail)
    .query(({ ctx, input }) => getAccountDetail(ctx.db, input.id)),
  create: adminProcedure
    .input(registerMemberInput)
    .output(createdRow)
    .mutation(({ ctx, input }) => registerMember(ctx.db, input)),
  setStatus: adminProcedure
    .input(accountStatusInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await setAccountStatus(ctx.db, input.id, input.status);
      return ok;
    }),
  setType: adminProcedure
    .input(accountTypeInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await setAccountType(ctx.db, input.id, input.type);
      return ok;
    }),
  sendForgotPassword: adminProcedure
    .input(accountIdInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await sendForgotPassword(ctx.db, input.id);
      return ok;
    }),
  endSessions: adminProcedure.input(accountIdInput).mutation(({ ctx, input }) => endAccountSessions(ctx.db, input.id)),
  remove: adminProcedure
    .input(accountIdInput)
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      await softDeleteAccount(ctx.db, input.id);
      return ok;
    }),
  deleted: createTRPCRouter({
    search: adminProcedure
      .input(accountSearchInput)
      .output(accountPage)
      .query(({ ctx, input }) => searchAccounts(ctx.db, input, { deleted: true })),
    byId: adminProcedure
      .input(accountIdInput)
      .output(accountDetail)
      .query(({ ctx, input }) => getAccountDetail(ctx.db, input.id, { deleted: true })),
    remove: adminProcedure
      .input(accountIdInput)
      .output(statusOk)
      .mutation(async ({ ctx, input }) => {
        await purgeAccount(ctx.db, input.id);
        return ok;
      }),
  }),
});
