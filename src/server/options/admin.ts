import { inArray } from "drizzle-orm";
import type { SiteOptionsOutput } from "@/schemas/admin/options";
import type { Db } from "@/server/db";
import { site_options } from "@/server/db/schema";
import { computeSiteCounts, getSiteCounts, refreshSiteCounts } from "@/server/options/counts";

/**
 * Site options for staff (spec §3 "Site options", §7 POST /api/admin/options):
 * the header counts are computed; staff may override any of them (blank keeps
 * the computed value) and set the holiday note shown in the chrome.
 */
type Override = { members: number | null; investment: { members: number | null; public: number | null } };
const EMPTY: Override = { members: null, investment: { members: null, public: null } };

export async function getSiteOptionsAdmin(db: Db) {
  const rows = await db
    .select()
    .from(site_options)
    .where(inArray(site_options.key, ["counts_override", "holiday_note"]))
    .all();
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const o = (byKey.get("counts_override") ?? EMPTY) as Partial<Override>;
  const [computed, shown] = await Promise.all([computeSiteCounts(db), getSiteCounts(db)]);
  return {
    counts_override: {
      members: o.members ?? null,
      investment: { members: o.investment?.members ?? null, public: o.investment?.public ?? null },
    },
    holiday_note: typeof byKey.get("holiday_note") === "string" ? (byKey.get("holiday_note") as string) : "",
    computed,
    shown,
  };
}

export async function saveSiteOptions(db: Db, input: SiteOptionsOutput): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const [key, value] of [
      ["counts_override", input.counts_override],
      ["holiday_note", input.holiday_note],
    ] as const) {
      await tx
        .insert(site_options)
        .values({ key, value })
        .onConflictDoUpdate({ target: site_options.key, set: { value, updated_at: now } });
    }
  });
  await refreshSiteCounts(db);
}
