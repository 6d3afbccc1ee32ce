import { and, eq, sql } from "drizzle-orm";
import type { HazardFlagView } from "@/lib/hazard";
import type { HazardOverrideInput } from "@/schemas/admin/hazard";
import type { Db } from "@/server/db";
import { admins, hazard_flags, investments } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { visibleTo, type Audience } from "@/server/listings";
import { recomputeHazardOut } from "./check";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface ListingHazards {
  flags: HazardFlagView[];
  /** The latest successful read of any layer (null: never read). */
  checkedAt: Date | null;
}

const view = {
  layer: hazard_flags.layer,
  class: hazard_flags.class,
  status: hazard_flags.status,
  checkedAt: hazard_flags.checked_at,
  overrideClass: hazard_flags.override_class,
  overrideNote: hazard_flags.override_note,
  overrideAt: hazard_flags.override_at,
};

/**
 * A listing's hazard flags for a viewer (the detail's ハザード section): null when the
 * viewer may not see the listing (a members-only listing for a visitor: its flags say
 * where it is). Staff's note stays with staff (adminHazards).
 */
export async function listingHazards(db: Db, audience: Audience, investmentId: number): Promise<ListingHazards | null> {
  const [seen] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.id, investmentId), visibleTo(audience)))
    .all();
  if (!seen) return null;
  const flags = (await db.select(view).from(hazard_flags).where(eq(hazard_flags.investment_id, investmentId)).all()).map((f) => ({
    ...f,
    overrideNote: null,
  }));
  return { flags, checkedAt: latest(flags.map((f) => f.checkedAt)) };
}

const latest = (ds: (Date | null)[]) => ds.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);

export interface AdminHazardFlag extends HazardFlagView {
  source: string | null;
  error: string | null;
  attemptedAt: Date | null;
  overrideBy: string | null;
}

/** The editor's view: every flag with its tile, error and who overrode it. */
export async function adminHazards(db: Db, investmentId: number): Promise<AdminHazardFlag[]> {
  return db
    .select({
      ...view,
      source: hazard_flags.source,
      error: hazard_flags.error,
      attemptedAt: hazard_flags.attempted_at,
      overrideBy: admins.name,
    })
    .from(hazard_flags)
    .leftJoin(admins, eq(admins.id, hazard_flags.override_by))
    .where(eq(hazard_flags.investment_id, investmentId))
    .all();
}

/**
 * Staff confirm or override one layer's flag (class + note), or clear the override
 * (class null). The override wins over whatever the worker reads later; hazard_out follows.
 */
export async function setHazardOverride(db: Db, adminId: number, input: HazardOverrideInput, now: Date = new Date()): Promise<{ hazardOutChanged: boolean }> {
  return db.transaction(async (tx: Tx) => {
    const [listing] = await tx.select({ id: investments.id }).from(investments).where(eq(investments.id, input.investmentId)).all();
    if (!listing) throw new AppError("NOT_FOUND", "物件が見つかりません");
    const set =
      input.class === null
        ? { override_class: null, override_note: null, override_by: null, override_at: null }
        : { override_class: input.class, override_note: input.note ?? null, override_by: adminId, override_at: now };
    await tx
      .insert(hazard_flags)
      .values({ investment_id: input.investmentId, layer: input.layer, status: "unknown", ...set })
      .onConflictDoUpdate({ target: [hazard_flags.investment_id, hazard_flags.layer], set });
    // A cleared override on a row the worker never read leaves nothing worth keeping.
    if (input.class === null) {
      await tx
        .delete(hazard_flags)
        .where(
          and(
            eq(hazard_flags.investment_id, input.investmentId),
            eq(hazard_flags.layer, input.layer),
            sql`${hazard_flags.class} IS NULL AND ${hazard_flags.checked_at} IS NULL AND ${hazard_flags.attempted_at} IS NULL`,
          ),
        );
    }
    return { hazardOutChanged: await recomputeHazardOut(tx, input.investmentId) };
  });
}
