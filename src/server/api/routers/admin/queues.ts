import { TRPCError } from "@trpc/server";
import { z } from "@/schemas/zod";
import { failedJobs, QueueUnavailableError, queueOverview, removeFailedJob, retryAllFailed, retryFailedJob } from "@/server/jobs/admin";
import { queueNames, type QueueName } from "@/server/jobs/queues";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const queue = z.enum(queueNames as [QueueName, ...QueueName[]]);
const jobRef = z.object({ queue, jobId: z.string().min(1).max(200) });

/** Redis down: a clear message instead of a 500. */
async function guard<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof QueueUnavailableError) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: e.message, cause: e });
    throw e;
  }
}

/** The staff queue dashboard (admin-only): counts, schedulers, failed jobs, retry. */
export const adminQueuesRouter = createTRPCRouter({
  overview: adminProcedure.query(() => guard(queueOverview())),
  failed: adminProcedure
    .input(z.object({ queue, page: z.coerce.number().int().min(1).max(10_000).default(1) }))
    .query(({ input }) => guard(failedJobs(input.queue, { start: (input.page - 1) * 50, count: 50 }))),
  retry: adminProcedure.input(jobRef).mutation(async ({ input }) => {
    if (!(await guard(retryFailedJob(input.queue, input.jobId)))) throw new TRPCError({ code: "NOT_FOUND", message: "失敗したジョブが見つかりません" });
    return { status: true as const };
  }),
  retryAll: adminProcedure.input(z.object({ queue })).mutation(async ({ input }) => ({ retried: await guard(retryAllFailed(input.queue)) })),
  remove: adminProcedure.input(jobRef).mutation(async ({ input }) => {
    if (!(await guard(removeFailedJob(input.queue, input.jobId)))) throw new TRPCError({ code: "NOT_FOUND", message: "失敗したジョブが見つかりません" });
    return { status: true as const };
  }),
});
