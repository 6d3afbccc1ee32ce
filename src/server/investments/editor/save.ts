/**
 * Saving a listing from the editor (create / update) with every derived column recomputed, price cuts
 * with history and matching, publication rules, transports and images. Everything that must happen
 * together happens in one transaction: the row, its transports and images, a price-history entry and the
 * outbox rows (matchInvestment for a new publication or a price cut, refreshSiteCounts). Image files are
 * moved inside the transaction callback (a failure rolls the rows back); files of removed images are
 * deleted after commit.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { grossIncomeYield } from "@/lib/yield";
import { jstToday } from "@/lib/jst-date";
import { DUPLICATE_NO_MESSAGE, NEXT_UPDATE_MESSAGE, NEXT_UPDATE_PAST_MESSAGE, nextUpdateLimit, type InvestmentFormOutput } from "@/schemas/admin/investment";
import { fieldInvalid } from "@/server/errors";
import type { Db } from "@/server/db";
import {
  investment_images,
  investment_price_histories,
  investment_rent_rolls,
  investment_repairs,
  investment_transports,
  investments,
  municipalities,
  railway_lines,
  stations,
} from "@/server/db/schema";
import { loadRentRolls, rentRollRowOf } from "@/server/listings";
import { enqueue } from "@/server/jobs/outbox";
import { logger } from "@/server/logger";
import { claimStaged, UploadRejectedError } from "@/server/media";
import { removeImage, type StorageOptions } from "@/server/media";
import { applyPriceChange, deriveInvestment, type DeriveTransport } from "../derive";
import { notFound, num, txt, type EditorOptions, type InvestmentRow, type TransportRow, type Tx } from "./common";
import { investmentNoExists } from "./load";
import { applyPriceCorrection } from "./price-correction";

/** Resolves each transport's station against the master (names, group, operator); field errors for unknown ones. */
async function resolveTransports(db: Pick<Db, "select">, input: InvestmentFormOutput["transports"]): Promise<TransportRow[]> {
  const codes = input.map((t) => t.station_cd).filter((c): c is number => c !== undefined);
  const found = codes.length
    ? await db
        .select({
          station_cd: stations.station_cd,
          station_name: stations.name,
          group_cd: stations.station_g_cd,
          line_cd: stations.line_cd,
          line_name: railway_lines.name,
          company_cd: railway_lines.company_cd,
        })
        .from(stations)
        .innerJoin(railway_lines, eq(railway_lines.line_cd, stations.line_cd))
        .where(inArray(stations.station_cd, codes))
        .all()
    : [];
  const byCode = new Map(found.map((s) => [s.station_cd, s]));
  return input.map((t, i) => {
    const distance = t.distance ?? 1;
    const s = t.station_cd !== undefined ? byCode.get(t.station_cd) : undefined;
    if (t.station_cd !== undefined && (!s || (t.line_cd !== undefined && s.line_cd !== t.line_cd))) {
      throw fieldInvalid(`transports.${i}.station_cd`, "駅を選択し直してください");
    }
    return {
      operator: s?.company_cd ?? t.operator ?? null,
      line_cd: s?.line_cd ?? null,
      line_name: s?.line_name ?? null,
      station_cd: s?.station_cd ?? null,
      station_name: s?.station_name ?? null,
      group_cd: s?.group_cd ?? null,
      distance,
      station_walk: distance === 1 ? num(t.station_walk) : null,
      bus_name: distance === 2 ? txt(t.bus_name) : null,
      bus_time: distance === 2 ? num(t.bus_time) : null,
      bus_walk: distance === 2 ? num(t.bus_walk) : null,
      other: distance === 3 ? txt(t.other) : txt(t.other),
      e_sort: i,
    };
  });
}

const group = <T extends Record<string, unknown>>(o: T): T | null => (Object.values(o).some((v) => v !== null && v !== undefined && v !== false) ? o : null);

/** The editable columns from validated form values (numbers parsed; annual income and yield derived by grossIncomeYield). */
export function editableColumns(v: InvestmentFormOutput) {
  const price = Number(v.price);
  const month = num(v.income.month);
  // The yield follows the price and income on every save (a price cut moves it), never the stale stored figure.
  const { year, yield: yieldPct } = grossIncomeYield(v.price, v.income, v.yield);
  const builtYear = v.built.year !== undefined ? Number(v.built.year.normalize("NFKC")) : null;
  const builtMonth = v.built.month !== undefined ? Number(v.built.month.normalize("NFKC")) : null;
  const lat = num(v.map.lat);
  const lng = num(v.map.lng);
  return {
    no: v.no,
    type_cd: v.type_cd!,
    type_other: v.type_cd === 99 ? txt(v.type_other) : null,
    name: v.name,
    pref_cd: v.pref_cd!,
    city_cd: v.city_cd!,
    district_cd: v.district_cd,
    locality: txt(v.locality),
    address_cd: txt(v.address_cd),
    map: lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng, zoom: 16 } : null,
    price,
    income: group({ month, year }) ?? { month: null, year: null },
    yield: yieldPct,
    service_charge: num(v.service_charge),
    maintenance_fee: num(v.maintenance_fee),
    structure_cd: v.structure_cd ?? null,
    structure_other: v.structure_cd === 99 ? txt(v.structure_other) : null,
    floor: group({ ground: num(v.floor.ground), under: num(v.floor.under), location: num(v.floor.location) }) ?? { ground: null, under: null, location: null },
    built: builtYear !== null ? { year: builtYear, month: builtMonth } : null,
    building_size: num(v.building_size),
    occupied_size: num(v.occupied_size),
    layout: txt(v.layout),
    total_units: num(v.total_units),
    specifications: {
      parking: txt(v.specifications.parking),
      elevator: txt(v.specifications.elevator),
      renovation: txt(v.specifications.renovation),
      separat: txt(v.specifications.separat),
    },
    features: { cert: v.features.cert, repair: v.features.repair, repair_note: txt(v.features.repair_note) },
    land_size: num(v.land_size),
    land_type: v.land_type ?? null,
    land_note: txt(v.land_note),
    land_rights: { type: v.land_rights.type ?? null, other: txt(v.land_rights.other), fee: num(v.land_rights.fee) },
    land_use_1: txt(v.land_use_1),
    land_use_2: txt(v.land_use_2),
    land_ratio: { bdr_1: num(v.land_ratio.bdr_1), bdr_2: num(v.land_ratio.bdr_2), far_1: num(v.land_ratio.far_1), far_2: num(v.land_ratio.far_2) },
    land_cat: { cd: v.land_cat.cd ?? null, other: txt(v.land_cat.other) },
    land_plan: { cd: v.land_plan.cd ?? null, other: txt(v.land_plan.other) },
    land_corner: txt(v.land_corner),
    land_road: v.land_road.map((r) => ({ direction: txt(r.direction), width: num(r.width), kind: txt(r.kind), frontage: num(r.frontage) })),
    vacancy: { cd: v.vacancy.cd ?? null, other: txt(v.vacancy.other) },
    assign: txt(v.assign),
    transactions: v.transactions ?? null,
    original: group({
      reins: txt(v.original.reins),
      check_at: txt(v.original.check_at),
      staff: txt(v.original.staff),
      company: txt(v.original.company),
      tel: txt(v.original.tel),
    }),
    comments: { main: txt(v.comments.main), sub: txt(v.comments.sub) },
    public: v.public,
    members: v.members,
    premium: v.premium,
    registered_at: txt(v.registered_at),
    next_update_at: txt(v.next_update_at),
    // 収支・積算 (issue 35)
    road_price: num(v.road_price),
    road_price_year: num(v.road_price_year),
    leasehold_ratio: num(v.leasehold_ratio),
    assessed_land_value: num(v.assessed_land_value),
    assessed_building_value: num(v.assessed_building_value),
    property_tax: num(v.property_tax),
    replacement_cost: num(v.replacement_cost),
    steel_thickness: num(v.steel_thickness),
    rebuild_not_allowed: triState(v.rebuild_not_allowed),
    nonconforming: triState(v.nonconforming),
  };
}

const triState = (v: "true" | "false" | undefined): boolean | null => (v === undefined ? null : v === "true");

type RentRollInsert = Omit<typeof investment_rent_rolls.$inferSelect, "id" | "investment_id">;
type RepairInsert = Omit<typeof investment_repairs.$inferSelect, "id" | "investment_id">;

/** The rent roll as stored (undefined: the request did not send one, the stored rows stay). */
export function rentRollRows(v: InvestmentFormOutput): RentRollInsert[] | undefined {
  return v.rent_roll?.map((r, i) => ({
    room: r.room!,
    layout: txt(r.layout),
    area: num(r.area),
    rent: Number(r.rent),
    common_fee: num(r.common_fee),
    deposit: num(r.deposit),
    status: r.status!,
    lease_start: txt(r.lease_start),
    e_sort: i,
  }));
}

/** The 修繕履歴 as stored (undefined: not sent, the stored rows stay). */
export function repairRows(v: InvestmentFormOutput): RepairInsert[] | undefined {
  return v.repair_history?.map((r, i) => ({ year_month: r.year_month!, description: r.description!, cost: num(r.cost), e_sort: i }));
}

async function writeRentRoll(tx: Tx, investmentId: number, rows: RentRollInsert[] | undefined): Promise<void> {
  if (rows === undefined) return;
  await tx.delete(investment_rent_rolls).where(eq(investment_rent_rolls.investment_id, investmentId));
  if (rows.length) await tx.insert(investment_rent_rolls).values(rows.map((r) => ({ ...r, investment_id: investmentId })));
}

async function writeRepairs(tx: Tx, investmentId: number, rows: RepairInsert[] | undefined): Promise<void> {
  if (rows === undefined) return;
  await tx.delete(investment_repairs).where(eq(investment_repairs.investment_id, investmentId));
  if (rows.length) await tx.insert(investment_repairs).values(rows.map((r) => ({ ...r, investment_id: investmentId })));
}

/**
 * 表示規約 freshness on the save's own clock: the row's 情報更新日 becomes
 * `now`, so 次回更新予定日 must lie within 14 days of it (the form's schema
 * judged the same rule on the request's clock; this is the rule of record).
 */
function checkFreshness(v: InvestmentFormOutput, now: Date): void {
  if (!v.next_update_at) return;
  if (v.next_update_at > nextUpdateLimit(now)) throw fieldInvalid("next_update_at", NEXT_UPDATE_MESSAGE);
  if (v.public && v.next_update_at < jstToday(now)) throw fieldInvalid("next_update_at", NEXT_UPDATE_PAST_MESSAGE);
}

async function checkBusinessRules(db: Pick<Db, "select">, v: InvestmentFormOutput, id: number | null): Promise<void> {
  if (await investmentNoExists(db, v.no, id)) throw fieldInvalid("no", DUPLICATE_NO_MESSAGE);
  const muni = await db.select({ pref_cd: municipalities.pref_cd }).from(municipalities).where(eq(municipalities.code, v.city_cd!)).get();
  if (!muni || muni.pref_cd !== v.pref_cd) throw fieldInvalid("city_cd", "市区町村を選択し直してください");
}

/** Writes images: keeps/updates existing ones by id, claims staged uploads, drops the rest. Returns names to delete after commit. */
async function writeImages(tx: Tx, investmentId: number, input: InvestmentFormOutput["images"], opts: StorageOptions): Promise<string[]> {
  const existing = await tx
    .select({ id: investment_images.id, name: investment_images.name })
    .from(investment_images)
    .where(eq(investment_images.investment_id, investmentId))
    .all();
  const byId = new Map(existing.map((e) => [e.id, e]));
  const kept = new Set<number>();
  for (const [i, img] of input.entries()) {
    if (img.id !== undefined) {
      if (!byId.has(img.id)) throw fieldInvalid(`images.${i}`, "画像が見つかりません。画面を再読み込みしてください");
      kept.add(img.id);
      await tx
        .update(investment_images)
        .set({ comment: txt(img.comment), category: img.category, e_sort: i })
        .where(eq(investment_images.id, img.id));
    } else if (img.token !== undefined) {
      let stored;
      try {
        // With database storage the move is part of this transaction: a failed save leaves the upload staged.
        stored = await claimStaged(img.token, investmentId, { ...opts, tx });
      } catch (e) {
        if (e instanceof UploadRejectedError) throw fieldInvalid(`images.${i}`, e.message);
        throw e;
      }
      await tx.insert(investment_images).values({
        investment_id: investmentId,
        name: stored.name,
        comment: txt(img.comment),
        category: img.category,
        width: stored.width,
        height: stored.height,
        e_sort: i,
      });
    }
  }
  const dropped = existing.filter((e) => !kept.has(e.id));
  if (dropped.length)
    await tx.delete(investment_images).where(
      inArray(
        investment_images.id,
        dropped.map((d) => d.id),
      ),
    );
  return dropped.map((d) => d.name);
}

async function writeTransports(tx: Tx, investmentId: number, rows: TransportRow[]): Promise<void> {
  await tx.delete(investment_transports).where(eq(investment_transports.investment_id, investmentId));
  if (rows.length) await tx.insert(investment_transports).values(rows.map((r) => ({ ...r, investment_id: investmentId })));
}

/**
 * Creates (id null) or updates a listing from validated editor values.
 * Derived columns come from deriveInvestment; update_at is now and the
 * overdue mark is cleared (the listing has just been updated). A price change
 * writes a history row; a cut sets price_down / price_before / price_down_at /
 * price_before_since only when its former price may be shown (表示規約,
 * applyPriceChange) and queues matchInvestment (price_down) either way; a first
 * publication sets public_at and queues matchInvestment (new).
 */
export async function saveInvestment(
  db: Db,
  adminId: number | null,
  id: number | null,
  v: InvestmentFormOutput,
  opts: EditorOptions = {},
): Promise<{ id: number; priceCut: boolean; formerPriceShown: boolean; priceCorrected: boolean; published: boolean }> {
  const now = opts.now ?? new Date();
  checkFreshness(v, now);
  await checkBusinessRules(db, v, id);
  const transports = await resolveTransports(db, v.transports);
  const cols = editableColumns(v);
  const rentRoll = rentRollRows(v);
  const repairs = repairRows(v);
  // The 実質利回り reads the rent roll when the listing states no income: the one being saved, or the stored one when none was sent.
  const rollForDerive = rentRoll ? rentRoll.map(rentRollRowOf) : id !== null ? ((await loadRentRolls(db, [id])).get(id) ?? null) : null;
  const derived = deriveInvestment({ ...cols, rent_roll: rollForDerive }, transports as DeriveTransport[], now);
  let droppedImages: string[] = [];
  let corrected: { from: number; history: string } | null = null;

  const result = await db.transaction(async (tx) => {
    // Again inside the write transaction: two saves of one 物件番号 on two web nodes meet here, one after the other.
    if (await investmentNoExists(tx, v.no, id)) throw fieldInvalid("no", DUPLICATE_NO_MESSAGE);
    let old: InvestmentRow | undefined;
    if (id !== null) {
      old = await tx.select().from(investments).where(eq(investments.id, id)).get();
      if (!old) throw notFound();
    }
    const publicAt = cols.public ? (old?.public_at ?? now) : (old?.public_at ?? null);
    // The past changes decide whether a cut's former price may be shown (表示規約: offered two months or more).
    const pastChanges =
      old && cols.price !== old.price
        ? await tx
            .select({
              id: investment_price_histories.id,
              price: investment_price_histories.price,
              price_before: investment_price_histories.price_before,
              changed_at: investment_price_histories.changed_at,
            })
            .from(investment_price_histories)
            .where(eq(investment_price_histories.investment_id, old.id))
            .orderBy(desc(investment_price_histories.changed_at), desc(investment_price_histories.id))
            .all()
        : [];
    // 訂正 (a mistyped price replaced): no history entry, no matching, never a former price (price-correction.ts).
    const correction =
      old && cols.price !== old.price && opts.priceChange === "correction" ? applyPriceCorrection(old, cols.price, pastChanges[0] ?? null) : null;
    const price = correction
      ? { ...correction, cut: false, history: null }
      : applyPriceChange(old ?? null, cols.price, now, { history: pastChanges, publicAt });
    const published = cols.public && !(old?.public ?? false);
    const row = {
      ...cols,
      ...derived,
      price: price.price,
      price_before: price.price_before,
      price_down: price.price_down,
      price_down_at: price.price_down_at,
      price_before_since: price.price_before_since,
      update_at: now,
      not_updated_at: null,
      public_at: publicAt,
    };
    let investmentId: number;
    if (old) {
      investmentId = old.id;
      await tx.update(investments).set(row).where(eq(investments.id, investmentId));
    } else {
      const [inserted] = await tx
        .insert(investments)
        .values({ ...row, created_by: adminId })
        .returning({ id: investments.id });
      if (!inserted) throw new Error("investment insert returned nothing");
      investmentId = inserted.id;
    }
    await writeTransports(tx, investmentId, transports);
    await writeRentRoll(tx, investmentId, rentRoll);
    await writeRepairs(tx, investmentId, repairs);
    droppedImages = await writeImages(tx, investmentId, v.images, { db, ...opts });
    // Any cut is matched (a saved price range may now fit); the mail shows a former price only when the rule allows it.
    const priceCut = Boolean(price.history && price.cut);
    if (price.history) await tx.insert(investment_price_histories).values({ ...price.history, investment_id: investmentId });
    if (correction?.history?.kind === "amend") {
      await tx.update(investment_price_histories).set({ price: correction.history.price }).where(eq(investment_price_histories.id, correction.history.id));
    } else if (correction?.history?.kind === "drop") {
      await tx.delete(investment_price_histories).where(eq(investment_price_histories.id, correction.history.id));
    }
    if (correction && old) corrected = { from: old.price, history: correction.history?.kind ?? "none" };
    if (priceCut && cols.public) {
      await enqueue(tx, "matchInvestment", { investmentId, reason: "price_down" }, `price_down-${investmentId}-${now.getTime()}`);
    }
    if (published) await enqueue(tx, "matchInvestment", { investmentId, reason: "new" }, `new-${investmentId}`);
    await enqueue(tx, "refreshSiteCounts", { reason: "listing saved" }, `listing-${investmentId}-${now.getTime()}`);
    // Issue 34: a new or moved position has its hazard flags read again (worker/processors/hazard.ts).
    if (old?.map?.lat !== cols.map?.lat || old?.map?.lng !== cols.map?.lng) {
      await enqueue(tx, "checkHazards", { investmentId }, `${investmentId}-${now.getTime()}`);
    }
    return { id: investmentId, priceCut, formerPriceShown: priceCut && price.price_down, priceCorrected: correction !== null, published };
  });
  // Set inside the transaction callback, which TypeScript's narrowing does not follow.
  const audit = corrected as { from: number; history: string } | null;
  if (audit) {
    // Audit line (as staff changes are logged): who replaced which price, and what became of the history entry.
    logger.info("audit.investment_price_corrected", { actorId: adminId, investmentId: result.id, from: audit.from, to: cols.price, history: audit.history });
  }
  await Promise.all(droppedImages.map((name) => removeImage(result.id, name, { db, ...opts }).catch(() => undefined)));
  return result;
}
