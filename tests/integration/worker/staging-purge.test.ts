import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { registerSchedules } from "@/server/jobs/schedules";
import { logger } from "@/server/logger";
import { isStaged, STAGING_TTL_MS, stagingDir, stageUpload } from "@/server/media/image-staging";
import { IMAGE_VARIANTS } from "@/server/media/images";
import { sleep, useWorkerSuite, waitFor } from "./helpers";

/**
 * Staged listing photos (uploaded in the editor, never saved with a listing)
 * are removed by an hourly job scheduler in the worker once past their TTL;
 * fresh ones, possibly still in an open editor, stay.
 */
const uploadDir = mkdtempSync(path.join(tmpdir(), "kir-staging-purge-"));
const s = useWorkerSuite({ env: { UPLOAD_DIR: uploadDir } });
afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true });
});

const photo = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

describe("purging staged listing photos", () => {
  it("is registered as an hourly job scheduler (Japan time) on the maintenance queue", async () => {
    await registerSchedules(s.runtime.queues);
    const scheduler = await s.runtime.queues.maintenance.getJobScheduler("purgeStagedImages-hourly");
    expect(scheduler).toMatchObject({ name: "purgeStagedImages", pattern: "47 * * * *", tz: "Asia/Tokyo" });
    // Its next run is waiting in the queue, within the hour.
    const next = (await s.runtime.queues.maintenance.getDelayed()).find((j) => j.name === "purgeStagedImages");
    expect(next?.data).toEqual({ reason: "schedule" });
    expect(next!.timestamp + (next!.opts.delay ?? 0)).toBeLessThanOrEqual(Date.now() + 3600_000);
    // Registering again (another worker starting) keeps exactly one.
    await registerSchedules(s.runtime.queues);
    const all = await s.runtime.queues.maintenance.getJobSchedulers(0, -1);
    expect(all.filter((x) => x.key === "purgeStagedImages-hourly")).toHaveLength(1);
  });

  it("the job removes staged photos past the TTL, keeps fresh ones, and logs how many went", async () => {
    const root = { root: uploadDir };
    const stale = await stageUpload(await photo("#8a6d3b"), root);
    const fresh = await stageUpload(await photo("#2f4f4f"), root);
    // stageUpload starts an opportunistic purge of its own; let it finish before ageing the first photo.
    await sleep(300);
    const old = new Date(Date.now() - STAGING_TTL_MS - 3600_000);
    const dir = stagingDir(root);
    for (const f of readdirSync(dir).filter((n) => n.startsWith(stale.token))) await utimes(path.join(dir, f), old, old);

    const info = vi.spyOn(logger, "info");
    try {
      const jobId = jobIdFor("purgeStagedImages", `t-${Date.now()}`);
      await s.runtime.queues.maintenance.add("purgeStagedImages", { reason: "test" }, { ...jobOptions("purgeStagedImages"), jobId });
      const job = await waitFor(
        async () => {
          const j = await s.runtime.queues.maintenance.getJob(jobId);
          return j?.finishedOn ? j : null;
        },
        10_000,
        "purge job finished",
      );
      expect(job.failedReason).toBeUndefined();
      // Every variant of the one stale photo (webp, jpg and thumbnails, AVIF and the phone widths).
      expect(job.returnvalue).toEqual({ files: IMAGE_VARIANTS.length, images: 1 });
      expect(info).toHaveBeenCalledWith("maintenance.staging_purge", { files: IMAGE_VARIANTS.length, images: 1 });
    } finally {
      info.mockRestore();
    }
    expect(await isStaged(stale.token, root)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.startsWith(stale.token))).toEqual([]);
    expect(await isStaged(fresh.token, root)).toBe(true);
    expect(readdirSync(dir).filter((n) => n.startsWith(fresh.token))).toHaveLength(IMAGE_VARIANTS.length);
  });
});
