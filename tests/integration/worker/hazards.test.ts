import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { CLASS_NONE, hazardLayer, HAZARD_LAYERS, tilePixel } from "@/lib/hazard";
import { investmentForm } from "@/schemas/admin/investment";
import { hazard_flags, investments, outbox } from "@/server/db/schema";
import { checkListingHazards, clearTileCache, listingHazards, queueHazardChecks, setHazardOverride } from "@/server/hazards";
import { duplicateInvestment, saveInvestment } from "@/server/investments";
import { registerSchedules } from "@/server/jobs/schedules";
import { describeQuery, parseSearchParams } from "@/schemas/search";
import { compileQuery, loadMatchable, searchInvestments } from "@/server/search";

import { solidHazardTile, startTileServer } from "../../../scripts/lib/tile-server";
import { validForm } from "../admin/helpers";
import { createAdmin } from "../../helpers/factories";
import { insertListing, useWorkerSuite, waitFor } from "./helpers";

/**
 * Issue 34 through the real parts: the editor's save queues checkHazards in the outbox,
 * the relay hands it to BullMQ on Redis, the worker's processor fetches the hazard tiles
 * over HTTP from the local stand-in (scripts/lib/tile-server.ts), sharp decodes the
 * palette PNG, the legend table classifies the pixel and the flags land in libSQL.
 */
const tiles = await startTileServer();
const s = useWorkerSuite({ env: { HAZARD_TILE_BASE_URL: tiles.hazard.base, HAZARD_TILE_TIMEOUT_SECONDS: "2" } });
afterAll(() => tiles.close());

const FLOOD = hazardLayer("01_flood_l2_shinsuishin_data")!;
const STEEP = hazardLayer("05_kyukeishakeikaikuiki")!;
const rgbOf = (layer = FLOOD, key: string) => layer.legend.find((e) => e.key === key)!.rgb;
// Kyoto, away from the stand-in's demo zones (every other layer answers 404: no zone)
const POINT = { lat: 35.01163, lng: 135.76812 };

async function putAt(layerId: string, p: { lat: number; lng: number }, png: Buffer) {
  const t = tilePixel(p.lat, p.lng, 17);
  tiles.hazard.put(layerId, 17, t.x, t.y, png);
}

const flagsOf = async (id: number) =>
  Object.fromEntries((await s.db.select().from(hazard_flags).where(eq(hazard_flags.investment_id, id)).all()).map((r) => [r.layer, r]));
const hazardOut = async (id: number) => (await s.db.select({ o: investments.hazard_out }).from(investments).where(eq(investments.id, id)).get())?.o;

beforeEach(() => {
  tiles.hazard.reset();
  clearTileCache();
});

async function save(adminId: number, id: number | null, p: { lat: number; lng: number } | null) {
  const form = validForm({ map: p ? { lat: String(p.lat), lng: String(p.lng) } : { lat: "", lng: "" } });
  return (await saveInvestment(s.db, adminId, id, investmentForm.parse(form))).id;
}

describe("hazard flags from the worker (checkHazards)", () => {
  it("a listing saved on a 3–5 m flood pixel gets that flag, every other layer 'none', and hazard_out", async () => {
    const admin = await createAdmin(s.db);
    await putAt(FLOOD.id, POINT, await solidHazardTile(rgbOf(FLOOD, "d_3_5")));
    const id = await save(admin.id, null, POINT);

    const flags = await waitFor(
      async () => {
        const f = await flagsOf(id);
        return Object.keys(f).length === HAZARD_LAYERS.length ? f : null;
      },
      15_000,
      "flags stored",
    );
    const t = tilePixel(POINT.lat, POINT.lng, 17);
    expect(flags[FLOOD.id]).toMatchObject({
      class: "d_3_5",
      status: "ok",
      source: `${tiles.hazard.base}/${FLOOD.id}/17/${t.x}/${t.y}.png`,
      lat: POINT.lat,
      lng: POINT.lng,
      error: null,
    });
    expect(flags[FLOOD.id]!.checked_at).toBeInstanceOf(Date);
    for (const l of HAZARD_LAYERS.filter((x) => x.id !== FLOOD.id)) expect(flags[l.id]).toMatchObject({ class: CLASS_NONE, status: "ok" });
    expect(await hazardOut(id)).toBe(true);
    // hz=1 leaves it out (SQL and the saved-condition matcher alike); the chip says unknown ones stay
    const hz = parseSearchParams({ hz: "1" });
    expect((await searchInvestments(s.db, "visitor", hz, { pageSize: 1000 })).items.map((c) => c.id)).not.toContain(id);
    expect((await searchInvestments(s.db, "visitor", {}, { pageSize: 1000 })).items.map((c) => c.id)).toContain(id);
    const [matchable] = await loadMatchable(s.db, [id]);
    expect(compileQuery(hz, new Date())(matchable!)).toBe(false);
    expect(describeQuery(hz)).toEqual(["浸水0.5m以上・土砂災害警戒区域を除く（未確認の物件は含む）"]);
    // the detail's reading for a visitor
    const seen = await listingHazards(s.db, "visitor", id);
    expect(seen?.flags.find((f) => f.layer === FLOOD.id)).toMatchObject({ class: "d_3_5", status: "ok" });
  });

  it("a transparent pixel is 'none'; a 土砂 zone pixel inside its own layer counts for hz", async () => {
    const admin = await createAdmin(s.db);
    const p = { lat: 35.0201, lng: 135.7502 };
    await putAt(FLOOD.id, p, await solidHazardTile(null));
    await putAt(STEEP.id, p, await solidHazardTile(rgbOf(STEEP, "keikai")));
    const id = await save(admin.id, null, p);
    const flags = await waitFor(async () => {
      const f = await flagsOf(id);
      return f[STEEP.id]?.status === "ok" ? f : null;
    }, 15_000);
    expect(flags[FLOOD.id]).toMatchObject({ class: CLASS_NONE, status: "ok" });
    expect(flags[STEEP.id]).toMatchObject({ class: "keikai", status: "ok" });
    expect(await hazardOut(id)).toBe(true);
  });

  it("a duplicated listing (admin 複製) gets its own flags from the worker at once, not from the nightly pass", async () => {
    const admin = await createAdmin(s.db);
    const p = { lat: 35.0233, lng: 135.7611 };
    await putAt(FLOOD.id, p, await solidHazardTile(rgbOf(FLOOD, "d_3_5")));
    const id = await save(admin.id, null, p);
    await waitFor(async () => ((await flagsOf(id))[FLOOD.id]?.status === "ok" ? true : null), 15_000, "source flags");
    const { id: copy } = await duplicateInvestment(s.db, admin.id, id);
    // Queued by the duplicate itself (the nightly pass is not run here).
    const queued = await s.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.job, "checkHazards")).all();
    expect(queued.some((r) => (r.payload as { investmentId: number }).investmentId === copy)).toBe(true);
    const flags = await waitFor(
      async () => {
        const f = await flagsOf(copy);
        return Object.keys(f).length === HAZARD_LAYERS.length ? f : null;
      },
      15_000,
      "copy's flags stored",
    );
    expect(flags[FLOOD.id]).toMatchObject({ class: "d_3_5", status: "ok", lat: p.lat, lng: p.lng });
    expect(await hazardOut(copy)).toBe(true);
  });

  it("a tile server answering 500 stores 'unknown' (never 'none'), the job retries and succeeds once tiles are back", async () => {
    const admin = await createAdmin(s.db);
    tiles.hazard.fail(500);
    const p = { lat: 35.0302, lng: 135.7603 };
    await putAt(FLOOD.id, p, await solidHazardTile(rgbOf(FLOOD, "d_05_3")));
    const id = await save(admin.id, null, p);

    const flags = await waitFor(
      async () => {
        const f = await flagsOf(id);
        return Object.keys(f).length === HAZARD_LAYERS.length ? f : null;
      },
      15_000,
      "unknown flags stored",
    );
    for (const l of HAZARD_LAYERS) {
      expect(flags[l.id]).toMatchObject({ class: null, status: "unknown", checked_at: null });
      expect(flags[l.id]!.error).toContain("HTTP 500");
    }
    expect(await hazardOut(id)).toBe(false);
    // unknown is not left out by hz=1
    expect((await searchInvestments(s.db, "visitor", parseSearchParams({ hz: "1" }), { pageSize: 1000 })).items.map((c) => c.id)).toContain(id);
    const shown = await listingHazards(s.db, "visitor", id);
    expect(shown?.checkedAt).toBeNull();
    // BullMQ holds the job for a retry (attempts 12, capped backoff from 2 s)
    const job = await waitFor(
      async () => {
        const [j] = (await s.runtime.queues.hazard.getJobs(["delayed", "wait", "active", "completed"])).filter((x) => x?.data.investmentId === id);
        return j && j.attemptsMade >= 1 ? j : null;
      },
      10_000,
      "job retried",
    );
    expect(job.failedReason).toContain("previous flags kept");

    tiles.hazard.fail(null);
    await waitFor(async () => (await flagsOf(id))[FLOOD.id]?.status === "ok", 20_000, "retry succeeded");
    expect((await flagsOf(id))[FLOOD.id]).toMatchObject({ class: "d_05_3", error: null });
    expect(await hazardOut(id)).toBe(true);
  });

  it("a failed re-read at the same point keeps the previous flags; the nightly pass queues what is due", async () => {
    const admin = await createAdmin(s.db);
    const p = { lat: 35.0403, lng: 135.7704 };
    await putAt(FLOOD.id, p, await solidHazardTile(rgbOf(FLOOD, "d_5_10")));
    const id = await save(admin.id, null, p);
    await waitFor(async () => (await flagsOf(id))[FLOOD.id]?.class === "d_5_10", 15_000);
    const before = (await flagsOf(id))[FLOOD.id]!;

    // month-old flags are due again; the read fails (network: nobody listens) and keeps them
    await s.db
      .update(hazard_flags)
      .set({ checked_at: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(hazard_flags.investment_id, id));
    tiles.hazard.fail(503);
    clearTileCache();
    expect(await queueHazardChecks(s.db)).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await flagsOf(id))[FLOOD.id]?.error?.includes("HTTP 503"), 15_000, "failed re-read recorded");
    const after = (await flagsOf(id))[FLOOD.id]!;
    expect(after).toMatchObject({ class: "d_5_10", status: "ok", lat: p.lat, lng: p.lng });
    expect(after.checked_at!.getTime()).toBeLessThan(before.checked_at!.getTime());
    expect(after.attempted_at!.getTime()).toBeGreaterThan(before.attempted_at!.getTime());
    expect(await hazardOut(id)).toBe(true);
    tiles.hazard.fail(null);
  });

  it("staff's override wins over the worker's reading, and clearing it gives the reading back", async () => {
    const admin = await createAdmin(s.db);
    const p = { lat: 35.0504, lng: 135.7805 };
    await putAt(FLOOD.id, p, await solidHazardTile(rgbOf(FLOOD, "d_3_5")));
    const id = await save(admin.id, null, p);
    await waitFor(async () => (await hazardOut(id)) === true, 15_000);

    await setHazardOverride(s.db, admin.id, { investmentId: id, layer: FLOOD.id, class: CLASS_NONE, note: "市のハザードマップ（2025年版）で区域外を確認" });
    expect(await hazardOut(id)).toBe(false);
    const row = await s.db
      .select()
      .from(hazard_flags)
      .where(and(eq(hazard_flags.investment_id, id), eq(hazard_flags.layer, FLOOD.id)))
      .get();
    expect(row).toMatchObject({ class: "d_3_5", override_class: CLASS_NONE, override_by: admin.id });
    // a later read (the same tile again) does not undo it
    clearTileCache();
    await checkListingHazards(s.db, id, { base: tiles.hazard.base });
    expect((await flagsOf(id))[FLOOD.id]).toMatchObject({ class: "d_3_5", override_class: CLASS_NONE });
    expect(await hazardOut(id)).toBe(false);

    await setHazardOverride(s.db, admin.id, { investmentId: id, layer: FLOOD.id, class: null });
    expect(await hazardOut(id)).toBe(true);
  });

  it("a members-only listing's flags reach members, never visitors (they tell where it is)", async () => {
    const id = await insertListing(s.db, { members: true, map: { lat: 35.06, lng: 135.79, zoom: 16 } });
    expect(await listingHazards(s.db, "visitor", id)).toBeNull();
    expect(await listingHazards(s.db, "member", id)).toEqual({ flags: [], checkedAt: null });
  });

  it("the nightly pass is scheduled", async () => {
    await registerSchedules(s.runtime.queues);
    expect(await s.runtime.queues.hazard.getJobScheduler("hazardNightly-0240-jst")).toBeTruthy();
  });
});
