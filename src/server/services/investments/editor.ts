/**
 * The admin listing editor's server side: load a listing as form values,
 * save (create / update) with every derived column recomputed, price cuts
 * with history and matching, publication rules, images, duplicate, bulk
 * actions and delete.
 *
 * Everything that must happen together happens in one transaction: the row,
 * its transports and images, a price-history entry and the outbox rows
 * (matchInvestment for a new publication or a price cut, refreshSiteCounts).
 * Image files are moved inside the transaction callback (a failure rolls the
 * rows back); files of removed images are deleted after commit.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { grossIncomeYield } from "@/lib/yield";
import {
  addDaysIso,
  DUPLICATE_NO_MESSAGE,
  jstToday,
  NEXT_UPDATE_DAYS,
  type BulkAction,
  type InvestmentFormInput,
  type InvestmentFormOutput,
} from "@/schemas/admin/investment";
import { fieldInvalid } from "@/server/api/errors";
import type { Db } from "@/server/db";
import {
  investment_images,
  investment_price_histories,
  investment_transports,
  investments,
  municipalities,
  railway_lines,
  stations,
} from "@/server/db/schema";
import { enqueue } from "@/server/jobs/outbox";
import { claimStaged, UploadRejectedError } from "@/server/services/admin/image-staging";
import { linkStoredImage, investmentImageDir, removeImage, removeInvestmentImages, type StorageOptions } from "@/server/storage/images";
import { applyPriceChange, deriveInvestment, type DeriveTransport } from "./derive";

export const INVESTMENT_NOT_FOUND = "物件が見つかりません";
export { DUPLICATE_NO_MESSAGE };
const notFound = () => new TRPCError({ code: "NOT_FOUND", message: INVESTMENT_NOT_FOUND });

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type InvestmentRow = typeof investments.$inferSelect;
type TransportRow = Omit<typeof investment_transports.$inferInsert, "id" | "investment_id">;

export interface EditorOptions extends StorageOptions {
  now?: Date;
}

/* ------------------------------------------------------------- lookups */

/** Whether another listing already uses `no` (an empty no never exists). */
export async function investmentNoExists(db: Pick<Db, "select">, no: string | null | undefined, exceptId?: number | null): Promise<boolean> {
  const n = (no ?? "").normalize("NFKC").trim();
  if (!n) return false;
  const row = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.no, n), exceptId ? ne(investments.id, exceptId) : undefined))
    .get();
  return Boolean(row);
}

/** Operators → lines for the transport picker (the eight operators of the spec first). */
export async function railwayChoices(db: Db) {
  const [lines] = await Promise.all([
    db
      .select({ line_cd: railway_lines.line_cd, company_cd: railway_lines.company_cd, name: railway_lines.name })
      .from(railway_lines)
      .orderBy(asc(railway_lines.e_sort), asc(railway_lines.line_cd))
      .all(),
  ]);
  return lines;
}

export async function stationChoices(db: Db, lineCd: number) {
  return db
    .select({ station_cd: stations.station_cd, name: stations.name, group_cd: stations.station_g_cd })
    .from(stations)
    .where(eq(stations.line_cd, lineCd))
    .orderBy(asc(stations.e_sort), asc(stations.station_cd))
    .all();
}

export async function municipalityChoices(db: Db) {
  return db
    .select({ code: municipalities.code, name: municipalities.name, pref_cd: municipalities.pref_cd, type: municipalities.type })
    .from(municipalities)
    .orderBy(asc(municipalities.code))
    .all();
}

/* ----------------------------------------------------- form ⇄ row */

const str = (v: number | string | null | undefined): string => (v === null || v === undefined ? "" : String(v));
const num = (v: string | undefined): number | null => (v === undefined ? null : Number(v));
const txt = (v: string | undefined): string | null => (v === undefined || v === "" ? null : v);

/** A stored listing as editor values. */
export async function getInvestmentForEdit(db: Db, id: number) {
  const row = await db.select().from(investments).where(eq(investments.id, id)).get();
  if (!row) throw notFound();
  const [transports, images, history] = await Promise.all([
    db.select().from(investment_transports).where(eq(investment_transports.investment_id, id)).orderBy(asc(investment_transports.e_sort), asc(investment_transports.id)).all(),
    db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(asc(investment_images.e_sort), asc(investment_images.id)).all(),
    db
      .select({ price: investment_price_histories.price, price_before: investment_price_histories.price_before, changed_at: investment_price_histories.changed_at })
      .from(investment_price_histories)
      .where(eq(investment_price_histories.investment_id, id))
      .orderBy(desc(investment_price_histories.changed_at))
      .all(),
  ]);
  const values: InvestmentFormInput = {
    no: row.no ?? "",
    type_cd: str(row.type_cd),
    type_other: row.type_other ?? "",
    name: row.name,
    pref_cd: str(row.pref_cd),
    city_cd: row.city_cd,
    district_cd: row.district_cd,
    locality: row.locality ?? "",
    address_cd: row.address_cd ?? "",
    map: { lat: str(row.map?.lat), lng: str(row.map?.lng) },
    price: str(row.price),
    income: { month: str(row.income?.month), year: str(row.income?.year) },
    yield: str(row.yield),
    service_charge: str(row.service_charge),
    maintenance_fee: str(row.maintenance_fee),
    structure_cd: str(row.structure_cd),
    structure_other: row.structure_other ?? "",
    floor: { ground: str(row.floor?.ground), under: str(row.floor?.under), location: str(row.floor?.location) },
    built: { year: str(row.built?.year), month: str(row.built?.month) },
    building_size: str(row.building_size),
    occupied_size: str(row.occupied_size),
    layout: row.layout ?? "",
    total_units: str(row.total_units),
    specifications: {
      parking: row.specifications?.parking ?? "",
      elevator: row.specifications?.elevator ?? "",
      renovation: row.specifications?.renovation ?? "",
      separat: row.specifications?.separat ?? "",
    },
    features: { cert: row.features?.cert ?? false, repair: row.features?.repair ?? false, repair_note: row.features?.repair_note ?? "" },
    land_size: str(row.land_size),
    land_type: str(row.land_type),
    land_note: row.land_note ?? "",
    land_rights: { type: str(row.land_rights?.type), other: row.land_rights?.other ?? "", fee: str(row.land_rights?.fee) },
    land_use_1: row.land_use_1 ?? "",
    land_use_2: row.land_use_2 ?? "",
    land_ratio: {
      bdr_1: str(row.land_ratio?.bdr_1),
      bdr_2: str(row.land_ratio?.bdr_2),
      far_1: str(row.land_ratio?.far_1),
      far_2: str(row.land_ratio?.far_2),
    },
    land_cat: { cd: str(row.land_cat?.cd), other: row.land_cat?.other ?? "" },
    land_plan: { cd: str(row.land_plan?.cd), other: row.land_plan?.other ?? "" },
    land_corner: row.land_corner ?? "",
    land_road: (row.land_road ?? []).map((r) => ({ direction: r.direction ?? "", width: str(r.width), kind: r.kind ?? "", frontage: str(r.frontage) })),
    vacancy: { cd: str(row.vacancy?.cd), other: row.vacancy?.other ?? "" },
    assign: row.assign ?? "",
    transactions: str(row.transactions),
    original: {
      reins: row.original?.reins ?? "",
      check_at: row.original?.check_at ?? "",
      staff: row.original?.staff ?? "",
      company: row.original?.company ?? "",
      tel: row.original?.tel ?? "",
    },
    comments: { main: row.comments?.main ?? "", sub: row.comments?.sub ?? "" },
    transports: transports.map((t) => ({
      operator: str(t.operator),
      line_cd: str(t.line_cd),
      station_cd: str(t.station_cd),
      distance: str(t.distance),
      station_walk: str(t.station_walk),
      bus_name: t.bus_name ?? "",
      bus_time: str(t.bus_time),
      bus_walk: str(t.bus_walk),
      other: t.other ?? "",
    })),
    images: images.map((i) => ({ id: i.id, comment: i.comment ?? "", category: i.category })),
    public: row.public,
    members: row.members,
    premium: row.premium,
    registered_at: row.registered_at ?? "",
    next_update_at: row.next_update_at ?? "",
  } as InvestmentFormInput;
  return {
    values,
    images: images.map((i) => ({ id: i.id, name: i.name, comment: i.comment, width: i.width, height: i.height })),
    transports: transports.map((t) => ({ line_name: t.line_name, station_name: t.station_name })),
    meta: {
      id: row.id,
      price_before: row.price_before,
      price_down: row.price_down,
      price_down_at: row.price_down_at,
      public_at: row.public_at,
      update_at: row.update_at,
      not_updated_at: row.not_updated_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
      area_cd: row.area_cd,
      built_at: row.built_at,
      residual_at: row.residual_at,
      station_time: row.station_time,
      new_quake: row.new_quake,
      keywords: row.keywords,
    },
    history,
  };
}

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
  };
}

async function checkBusinessRules(db: Pick<Db, "select">, v: InvestmentFormOutput, id: number | null): Promise<void> {
  if (await investmentNoExists(db, v.no, id)) throw fieldInvalid("no", DUPLICATE_NO_MESSAGE);
  const muni = await db.select({ pref_cd: municipalities.pref_cd }).from(municipalities).where(eq(municipalities.code, v.city_cd!)).get();
  if (!muni || muni.pref_cd !== v.pref_cd) throw fieldInvalid("city_cd", "市区町村を選択し直してください");
}

/** Writes images: keeps/updates existing ones by id, claims staged uploads, drops the rest. Returns names to delete after commit. */
async function writeImages(
  tx: Tx,
  investmentId: number,
  input: InvestmentFormOutput["images"],
  opts: StorageOptions,
): Promise<string[]> {
  const existing = await tx.select({ id: investment_images.id, name: investment_images.name }).from(investment_images).where(eq(investment_images.investment_id, investmentId)).all();
  const byId = new Map(existing.map((e) => [e.id, e]));
  const kept = new Set<number>();
  for (const [i, img] of input.entries()) {
    if (img.id !== undefined) {
      if (!byId.has(img.id)) throw fieldInvalid(`images.${i}`, "画像が見つかりません。画面を再読み込みしてください");
      kept.add(img.id);
      await tx.update(investment_images).set({ comment: txt(img.comment), category: img.category, e_sort: i }).where(eq(investment_images.id, img.id));
    } else if (img.token !== undefined) {
      let stored;
      try {
        stored = await claimStaged(img.token, investmentId, opts);
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
  if (dropped.length) await tx.delete(investment_images).where(inArray(investment_images.id, dropped.map((d) => d.id)));
  return dropped.map((d) => d.name);
}

async function writeTransports(tx: Tx, investmentId: number, rows: TransportRow[]): Promise<void> {
  await tx.delete(investment_transports).where(eq(investment_transports.investment_id, investmentId));
  if (rows.length) await tx.insert(investment_transports).values(rows.map((r) => ({ ...r, investment_id: investmentId })));
}

/**
 * Creates (id null) or updates a listing from validated editor values.
 * Derived columns come from deriveInvestment; update_at is now and the
 * overdue mark is cleared (the listing has just been updated). A price cut
 * sets price_down / price_before / price_down_at, writes a history row and
 * queues matchInvestment (price_down); a first publication sets public_at
 * and queues matchInvestment (new).
 */
export async function saveInvestment(
  db: Db,
  adminId: number | null,
  id: number | null,
  v: InvestmentFormOutput,
  opts: EditorOptions = {},
): Promise<{ id: number; priceCut: boolean; published: boolean }> {
  const now = opts.now ?? new Date();
  await checkBusinessRules(db, v, id);
  const transports = await resolveTransports(db, v.transports);
  const cols = editableColumns(v);
  const derived = deriveInvestment(cols, transports as DeriveTransport[], now);
  let droppedImages: string[] = [];

  const result = await db.transaction(async (tx) => {
    // Again inside the write transaction: two saves of one 物件番号 on two web nodes meet here, one after the other.
    if (await investmentNoExists(tx, v.no, id)) throw fieldInvalid("no", DUPLICATE_NO_MESSAGE);
    let old: InvestmentRow | undefined;
    if (id !== null) {
      old = await tx.select().from(investments).where(eq(investments.id, id)).get();
      if (!old) throw notFound();
    }
    const price = applyPriceChange(old ?? null, cols.price, now);
    const published = cols.public && !(old?.public ?? false);
    const row = {
      ...cols,
      ...derived,
      price: price.price,
      price_before: price.price_before,
      price_down: price.price_down,
      price_down_at: price.price_down_at,
      update_at: now,
      not_updated_at: null,
      public_at: cols.public ? (old?.public_at ?? now) : (old?.public_at ?? null),
    };
    let investmentId: number;
    if (old) {
      investmentId = old.id;
      await tx.update(investments).set(row).where(eq(investments.id, investmentId));
    } else {
      const [inserted] = await tx.insert(investments).values({ ...row, created_by: adminId }).returning({ id: investments.id });
      if (!inserted) throw new Error("investment insert returned nothing");
      investmentId = inserted.id;
    }
    await writeTransports(tx, investmentId, transports);
    droppedImages = await writeImages(tx, investmentId, v.images, opts);
    const priceCut = Boolean(price.history && price.price_down);
    if (price.history) await tx.insert(investment_price_histories).values({ ...price.history, investment_id: investmentId });
    if (priceCut && cols.public) {
      await enqueue(tx, "matchInvestment", { investmentId, reason: "price_down" }, `price_down-${investmentId}-${now.getTime()}`);
    }
    if (published) await enqueue(tx, "matchInvestment", { investmentId, reason: "new" }, `new-${investmentId}`);
    await enqueue(tx, "refreshSiteCounts", { reason: "listing saved" }, `listing-${investmentId}-${now.getTime()}`);
    return { id: investmentId, priceCut, published };
  });
  await Promise.all(droppedImages.map((name) => removeImage(result.id, name, opts).catch(() => undefined)));
  return result;
}

/* -------------------------------------------------------------- listing */

/** Admin columns for the list, beside the cards of the admin search. */
export async function adminListColumns(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, AdminListExtra>();
  const rows = await db
    .select({
      id: investments.id,
      no: investments.no,
      public: investments.public,
      members: investments.members,
      premium: investments.premium,
      update_at: investments.update_at,
      next_update_at: investments.next_update_at,
      not_updated_at: investments.not_updated_at,
      transactions: investments.transactions,
    })
    .from(investments)
    .where(inArray(investments.id, ids))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
export interface AdminListExtra {
  id: number;
  no: string | null;
  public: boolean;
  members: boolean;
  premium: boolean;
  update_at: Date | null;
  next_update_at: string | null;
  not_updated_at: Date | null;
  transactions: number | null;
}

/** Why a listing cannot be published under 表示規約, or null when it can. */
export function publishBlocker(
  row: Pick<InvestmentRow, "transactions" | "registered_at" | "next_update_at">,
  today = jstToday(),
): string | null {
  if (row.transactions === null) return "取引態様が未入力です";
  if (!row.registered_at) return "情報登録日が未入力です";
  if (!row.next_update_at) return "次回更新予定日が未入力です";
  if (row.next_update_at < today) return "次回更新予定日を過ぎています";
  if (row.next_update_at > addDaysIso(today, NEXT_UPDATE_DAYS)) return `次回更新予定日が${NEXT_UPDATE_DAYS}日より先です`;
  return null;
}

/** Bulk publish / unpublish / members-only / delete. Listings that may not be published are skipped with the reason. */
export async function bulkInvestments(db: Db, ids: number[], action: BulkAction, opts: EditorOptions = {}) {
  const now = opts.now ?? new Date();
  const unique = [...new Set(ids)];
  if (action === "delete") {
    const removed = await removeInvestments(db, unique, opts);
    return { updated: removed, skipped: [] as { id: number; no: string | null; reason: string }[] };
  }
  const rows = await db
    .select({
      id: investments.id,
      no: investments.no,
      public: investments.public,
      public_at: investments.public_at,
      transactions: investments.transactions,
      registered_at: investments.registered_at,
      next_update_at: investments.next_update_at,
    })
    .from(investments)
    .where(inArray(investments.id, unique))
    .all();
  const skipped: { id: number; no: string | null; reason: string }[] = [];
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const r of rows) {
      if (action === "publish") {
        const reason = publishBlocker(r, jstToday(now));
        if (reason) {
          skipped.push({ id: r.id, no: r.no, reason });
          continue;
        }
        if (r.public) continue;
        await tx.update(investments).set({ public: true, public_at: r.public_at ?? now, not_updated_at: null }).where(eq(investments.id, r.id));
        await enqueue(tx, "matchInvestment", { investmentId: r.id, reason: "new" }, `new-${r.id}`);
      } else if (action === "unpublish") {
        await tx.update(investments).set({ public: false }).where(eq(investments.id, r.id));
      } else {
        await tx.update(investments).set({ members: action === "members_on" }).where(eq(investments.id, r.id));
      }
      updated++;
    }
    await enqueue(tx, "refreshSiteCounts", { reason: `bulk ${action}` }, `bulk-${action}-${now.getTime()}`);
  });
  return { updated, skipped };
}

/** Deletes listings (transports, images, history, bookmarks and matchings cascade) and their files. */
export async function removeInvestments(db: Db, ids: number[], opts: StorageOptions = {}): Promise<number> {
  if (!ids.length) return 0;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.delete(investments).where(inArray(investments.id, ids)).returning({ id: investments.id });
    await enqueue(tx, "refreshSiteCounts", { reason: "listing deleted" }, `listing-deleted-${rows.map((r) => r.id).join("_").slice(0, 80)}-${Date.now()}`);
    return rows.map((r) => r.id);
  });
  await Promise.all(removed.map((id) => removeInvestmentImages(id, opts).catch(() => undefined)));
  return removed.length;
}

/**
 * A copy to edit into a new listing: unpublished, without a property number
 * (it must be unique), price history or price-down state; transports and
 * photos (new files) copied.
 */
export async function duplicateInvestment(db: Db, adminId: number | null, id: number, opts: EditorOptions = {}): Promise<{ id: number }> {
  const now = opts.now ?? new Date();
  const src = await db.select().from(investments).where(eq(investments.id, id)).get();
  if (!src) throw notFound();
  const [transports, images] = await Promise.all([
    db.select().from(investment_transports).where(eq(investment_transports.investment_id, id)).orderBy(asc(investment_transports.e_sort)).all(),
    db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(asc(investment_images.e_sort)).all(),
  ]);
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = src;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(investments)
      .values({
        ...rest,
        no: null,
        name: `${src.name}（コピー）`,
        public: false,
        public_at: null,
        price_down: false,
        price_before: null,
        price_down_at: null,
        not_updated_at: null,
        update_at: now,
        created_by: adminId,
      })
      .returning({ id: investments.id });
    if (!row) throw new Error("investment insert returned nothing");
    if (transports.length) {
      await tx.insert(investment_transports).values(transports.map(({ id: _t, investment_id: _i, ...t }) => ({ ...t, investment_id: row.id })));
    }
    for (const img of images) {
      const stored = await linkStoredImage({ dir: investmentImageDir(id, opts), name: img.name, width: img.width ?? 0, height: img.height ?? 0 }, row.id, opts);
      await tx.insert(investment_images).values({ investment_id: row.id, name: stored.name, comment: img.comment, category: img.category, width: img.width, height: img.height, e_sort: img.e_sort });
    }
    return { id: row.id };
  });
}

/** Counts for the list header. */
export async function investmentTotals(db: Db) {
  const rows = await db
    .select({ public: investments.public, members: investments.members, n: sql<number>`count(*)` })
    .from(investments)
    .groupBy(investments.public, investments.members)
    .all();
  return rows;
}
