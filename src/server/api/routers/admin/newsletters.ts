import { label, z } from "@/schemas/zod";
import {
  audienceSize,
  cancelNewsletter,
  createNewsletter,
  deleteNewsletter,
  deliveryProblems,
  getNewsletter,
  listNewsletters,
  newsletterAudience,
  newsletterInput,
  newsletterProgress,
  previewNewsletter,
  scheduleNewsletter,
  sendTestNewsletter,
  unscheduleNewsletter,
  updateNewsletter,
} from "@/server/newsletters";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const byId = z.object({ id: z.coerce.number().int().positive() });
const content = z.object({ subject: newsletterInput.shape.subject, body: newsletterInput.shape.body });

/** Admin "mail delivery management": newsletters from draft to delivered. */
export const adminNewslettersRouter = createTRPCRouter({
  list: adminProcedure
    .input(z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }).optional())
    .query(({ ctx, input }) => listNewsletters(ctx.db, { page: input?.page })),
  byId: adminProcedure.input(byId).query(({ ctx, input }) => getNewsletter(ctx.db, input.id)),
  create: adminProcedure.input(newsletterInput).mutation(({ ctx, input }) => createNewsletter(ctx.db, ctx.admin.id, input)),
  update: adminProcedure.input(newsletterInput.extend(byId.shape)).mutation(async ({ ctx, input }) => {
    await updateNewsletter(ctx.db, input.id, input);
    return { id: input.id };
  }),
  remove: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await deleteNewsletter(ctx.db, input.id);
    return { status: true as const };
  }),
  /** The recipient count before sending (and the listing a segment names). */
  audienceCount: adminProcedure.input(z.object({ audience: newsletterAudience })).query(({ ctx, input }) => audienceSize(ctx.db, input.audience)),
  preview: adminProcedure.input(content).query(({ input }) => previewNewsletter(input)),
  sendTest: adminProcedure.input(content).mutation(({ ctx, input }) => sendTestNewsletter(ctx.db, ctx.admin.id, input)),
  /** Send now (no `at`, or a past one) or at a later moment. */
  schedule: adminProcedure
    .input(byId.extend({ at: label(z.coerce.date(), "配信日時").nullable().optional() }))
    .mutation(({ ctx, input }) => scheduleNewsletter(ctx.db, input.id, input.at ?? null)),
  unschedule: adminProcedure.input(byId).mutation(async ({ ctx, input }) => {
    await unscheduleNewsletter(ctx.db, input.id);
    return { status: true as const };
  }),
  cancel: adminProcedure.input(byId).mutation(({ ctx, input }) => cancelNewsletter(ctx.db, input.id)),
  progress: adminProcedure.input(byId).query(({ ctx, input }) => newsletterProgress(ctx.db, input.id)),
  problems: adminProcedure.input(byId).query(({ ctx, input }) => deliveryProblems(ctx.db, input.id)),
});
