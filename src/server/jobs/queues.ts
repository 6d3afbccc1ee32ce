import { z } from "@/schemas/zod";

/**
 * One typed job map shared by web and worker: job name → queue + payload
 * schema. Payloads are validated when enqueued and again when processed.
 * Later features add their jobs here (matching, mail, newsletter…).
 */
export const jobs = {
  refreshSiteCounts: { queue: "maintenance", payload: z.object({ reason: z.string().max(100) }) },
} as const;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]["payload"]>;
export type QueueName = (typeof jobs)[JobName]["queue"];
export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))] as QueueName[];

/** BullMQ forbids ':' in custom ids and all-digit ids; ours are "<job>-<key>". */
export function jobIdFor(name: JobName, key: string): string {
  const id = `${name}-${key}`.replace(/:/g, "_");
  if (/^\d+$/.test(id)) throw new Error("job ids must not be all digits");
  return id;
}
