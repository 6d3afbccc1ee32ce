import { TRPCError } from "@trpc/server";
import { statusOk } from "@/schemas/common";
import { memberContact } from "@/schemas/contact";
import { z } from "@/schemas/zod";
import { hideMemberContact, listMemberContacts } from "@/server/contacts";
import { createTRPCRouter, memberProcedure } from "../../trpc";

/** GET /api/user/contact, DELETE /api/user/contact/{id}: the member's own inquiries only. */
export const memberContactsRouter = createTRPCRouter({
  list: memberProcedure.output(z.array(memberContact)).query(({ ctx }) => listMemberContacts(ctx.db, ctx.user.id)),
  remove: memberProcedure
    .input(z.object({ id: z.coerce.number().int().positive() }))
    .output(statusOk)
    .mutation(async ({ ctx, input }) => {
      // Someone else's id and a missing id look the same: 404, never a hint.
      if (!(await hideMemberContact(ctx.db, ctx.user.id, input.id))) throw new TRPCError({ code: "NOT_FOUND", message: "お問い合わせが見つかりません" });
      return { status: true as const };
    }),
});
