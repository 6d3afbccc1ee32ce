import { TRPCError } from "@trpc/server";
import { INQUIRY_KIND_KEYS, INQUIRY_STATUS_KEYS } from "@/lib/constants/contact";
import { label, z } from "@/schemas/zod";
import { getContactForAdmin, listContactsForAdmin, updateContactForAdmin } from "@/server/contacts";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const adminContactsRouter = createTRPCRouter({
  list: adminProcedure
    .input(
      z.object({
        kind: z.enum(INQUIRY_KIND_KEYS).optional(),
        status: z.enum(INQUIRY_STATUS_KEYS).optional(),
        from: isoDate.optional(),
        to: isoDate.optional(),
        page: z.coerce.number().int().min(1).max(100000).default(1),
      }),
    )
    .query(({ ctx, input }) => listContactsForAdmin(ctx.db, input)),
  byId: adminProcedure.input(z.object({ id: z.coerce.number().int().positive() })).query(async ({ ctx, input }) => {
    const r = await getContactForAdmin(ctx.db, input.id);
    if (!r) throw new TRPCError({ code: "NOT_FOUND", message: "お問い合わせが見つかりません" });
    return r;
  }),
  update: adminProcedure
    .input(
      z.object({
        id: z.coerce.number().int().positive(),
        status: label(z.enum(INQUIRY_STATUS_KEYS), "対応状況", { select: true }),
        memo: label(z.string().max(5000), "メモ").optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!(await updateContactForAdmin(ctx.db, input.id, { status: input.status, memo: input.memo }))) {
        throw new TRPCError({ code: "NOT_FOUND", message: "お問い合わせが見つかりません" });
      }
      return { status: true as const };
    }),
});
