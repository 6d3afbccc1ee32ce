import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { classifyPixel, CLASS_NONE, HAZARD_LAYERS, hazardTileUrl, isHazardOut, tilePixel, type HazardLayer } from "@/lib/hazard";
import type { Db } from "@/server/db";
import { hazard_flags, investments } from "@/server/db/schema";
import { env } from "@/server/env";
import { enqueueMany } from "@/server/jobs/outbox";
import { pixelAt, readTile, TileUnavailableError } from "./tiles";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface CheckOptions {
  /** {base}/{layer}/{z}/{x}/{y}.png; default HAZARD_TILE_BASE_URL. */
  base?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: Date;
}

export interface CheckResult {
  /** Nothing to read: the listing is gone or has no position. */
  skipped?: "missing" | "no_position";
  /** Layers whose tile could not be fetched (their previous flags kept; the job retries). */
  failed: string[];
  /** Some flag's class or status changed. */
  changed: boolean;
  /** investments.hazard_out changed (the hz search, the map). */
  hazardOutChanged: boolean;
}

type LayerRead =
  { layer: HazardLayer; url: string; ok: true; cls: string } | { layer: HazardLayer; url: string; ok: false; fetchFailed: boolean; error: string };

async function readLayer(
  layer: HazardLayer,
  lat: number,
  lng: number,
  o: Required<Pick<CheckOptions, "base" | "timeoutMs">> & CheckOptions,
): Promise<LayerRead> {
  const t = tilePixel(lat, lng, layer.maxZoom);
  const url = hazardTileUrl(o.base, layer.id, t.z, t.x, t.y);
  try {
    const read = await readTile(url, { timeoutMs: o.timeoutMs, fetch: o.fetch });
    if (read.kind === "empty") return { layer, url, ok: true, cls: CLASS_NONE };
    const c = classifyPixel(layer, ...pixelAt(read.tile, t.px, t.py));
    if (c.kind === "none") return { layer, url, ok: true, cls: CLASS_NONE };
    if (c.kind === "class") return { layer, url, ok: true, cls: c.key };
    // A colour outside the legend is never guessed: unknown, and no retry (the tile will not change).
    return { layer, url, ok: false, fetchFailed: false, error: `凡例にない色 rgb(${c.rgb.join(",")})` };
  } catch (e) {
    if (e instanceof TileUnavailableError) return { layer, url, ok: false, fetchFailed: true, error: e.message.slice(0, 300) };
    throw e;
  }
}

/** investments.hazard_out from the listing's flags (overrides winning); written only when it changes. */
export async function recomputeHazardOut(tx: Pick<Db, "select" | "update">, investmentId: number): Promise<boolean> {
  const rows = await tx
    .select({ layer: hazard_flags.layer, class: hazard_flags.class, status: hazard_flags.status, overrideClass: hazard_flags.override_class })
    .from(hazard_flags)
    .where(eq(hazard_flags.investment_id, investmentId))
    .all();
  const out = isHazardOut(rows);
  const [cur] = await tx.select({ out: investments.hazard_out }).from(investments).where(eq(investments.id, investmentId)).all();
  if (!cur || cur.out === out) return false;
  await tx.update(investments).set({ hazard_out: out }).where(eq(investments.id, investmentId));
  return true;
}

/**
 * Reads every hazard layer's tile at the listing's exact stored point (investments.map,
 * never the public ~100 m point) at the layer's finest zoom and stores each class with the
 * date and the tile read. A layer whose tile cannot be fetched keeps its previous flag when
 * that was read at the same point (only attempted_at and error move), else it becomes
 * 'unknown' — never 'none': the caller retries. The listing's hazard_out follows.
 */
export async function checkListingHazards(db: Db, investmentId: number, opts: CheckOptions = {}): Promise<CheckResult> {
  const now = opts.now ?? new Date();
  const o = { ...opts, base: opts.base ?? env().HAZARD_TILE_BASE_URL, timeoutMs: opts.timeoutMs ?? env().HAZARD_TILE_TIMEOUT_SECONDS * 1000 };
  const [listing] = await db.select({ map: investments.map }).from(investments).where(eq(investments.id, investmentId)).all();
  if (!listing) return { skipped: "missing", failed: [], changed: false, hazardOutChanged: false };
  const point = listing.map && Number.isFinite(listing.map.lat) && Number.isFinite(listing.map.lng) ? listing.map : null;

  const reads = point ? await Promise.all(HAZARD_LAYERS.map((l) => readLayer(l, point.lat, point.lng, o))) : [];
  return db.transaction(async (tx: Tx) => {
    const previous = new Map(
      (await tx.select().from(hazard_flags).where(eq(hazard_flags.investment_id, investmentId)).all()).map((r) => [r.layer, r] as const),
    );
    let changed = false;
    if (!point) {
      // No position any more: whatever was read describes no place of this listing.
      for (const r of previous.values()) {
        if (r.status === "unknown" && r.class === null) continue;
        changed = true;
        await tx
          .update(hazard_flags)
          .set({ class: null, status: "unknown", error: "位置が未登録", attempted_at: now, lat: null, lng: null })
          .where(and(eq(hazard_flags.investment_id, investmentId), eq(hazard_flags.layer, r.layer)));
      }
      const hazardOutChanged = await recomputeHazardOut(tx, investmentId);
      return { skipped: "no_position" as const, failed: [], changed, hazardOutChanged };
    }
    for (const r of reads) {
      const prev = previous.get(r.layer.id);
      const samePoint = prev?.lat === point.lat && prev?.lng === point.lng;
      const values = r.ok
        ? { class: r.cls, status: "ok" as const, checked_at: now, attempted_at: now, source: r.url, lat: point.lat, lng: point.lng, error: null }
        : samePoint && prev
          ? {
              class: prev.class,
              status: r.fetchFailed ? prev.status : ("unknown" as const),
              checked_at: prev.checked_at,
              attempted_at: now,
              source: prev.source,
              lat: prev.lat,
              lng: prev.lng,
              error: r.error,
            }
          : { class: null, status: "unknown" as const, checked_at: null, attempted_at: now, source: r.url, lat: point.lat, lng: point.lng, error: r.error };
      if (!prev || prev.class !== values.class || prev.status !== values.status) changed = true;
      await tx
        .insert(hazard_flags)
        .values({ investment_id: investmentId, layer: r.layer.id, ...values })
        .onConflictDoUpdate({ target: [hazard_flags.investment_id, hazard_flags.layer], set: values });
    }
    const hazardOutChanged = await recomputeHazardOut(tx, investmentId);
    const failed = reads.filter((r) => !r.ok && r.fetchFailed).map((r) => r.layer.id);
    return { failed, changed, hazardOutChanged };
  });
}

/** Flags older than this are read again by the nightly pass (the portal updates its data a few times a year). */
export const HAZARD_RECHECK_DAYS = 30;
/** At most this many listings a night (6 tiles each, many shared with neighbours): the portal is a public service. */
export const HAZARD_NIGHTLY_LIMIT = 3000;

/**
 * The nightly pass: queues checkHazards (through the outbox) for every placed listing
 * whose flags are missing, unknown, read at another point than the stored one, or older
 * than HAZARD_RECHECK_DAYS — missing and unknown first.
 */
export async function queueHazardChecks(db: Db, now: Date = new Date(), limit = HAZARD_NIGHTLY_LIMIT): Promise<number> {
  const stale = new Date(now.getTime() - HAZARD_RECHECK_DAYS * 86_400_000);
  const f = hazard_flags;
  const lat = sql`json_extract(${investments.map}, '$.lat')`;
  const lng = sql`json_extract(${investments.map}, '$.lng')`;
  // One row per listing and layer expected; a listing is due when a layer's row is missing or any row is due.
  const due = or(
    isNull(f.layer),
    eq(f.status, "unknown"),
    isNull(f.checked_at),
    lt(f.checked_at, stale),
    sql`${f.lat} IS NOT ${lat}`,
    sql`${f.lng} IS NOT ${lng}`,
  );
  const rows = await db
    .select({ id: investments.id, missing: sql<number>`max(${f.layer} IS NULL OR ${f.status} = 'unknown')` })
    .from(investments)
    .leftJoin(f, eq(f.investment_id, investments.id))
    .where(and(isNotNull(investments.map), sql`${lat} IS NOT NULL`))
    .groupBy(investments.id)
    .having(sql`count(${f.layer}) < ${HAZARD_LAYERS.length} OR max(${due})`)
    .orderBy(sql`2 DESC`, investments.id)
    .limit(limit)
    .all();
  if (!rows.length) return 0;
  const day = now.toISOString().slice(0, 10);
  await db.transaction(async (tx: Tx) =>
    enqueueMany(
      tx,
      "checkHazards",
      rows.map((r) => ({ payload: { investmentId: r.id }, key: `${r.id}-${day}` })),
    ),
  );
  return rows.length;
}
