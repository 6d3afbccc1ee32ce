/**
 * The one loader from stored listings to the economics model (src/lib/economics.ts, issue 35):
 * the columns its figures need (ECONOMICS_COLUMNS, spread into a select), the mapping of a stored
 * row to `EconomicsInput` (economicsInputOf), and batch loaders for the rent roll and the 修繕履歴
 * (Map by listing id). Every surface, the derived columns (investments/derive.ts) and the editor
 * go through here, so a stored value means the same thing everywhere.
 */
import { asc, inArray, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { EconomicsInput, RentRollRow, RepairRecord } from "@/lib/economics";
import type { Db } from "@/server/db";
import { investment_rent_rolls, investment_repairs, investments } from "@/server/db/schema";

/** The investments columns economicsInputOf reads: `db.select({ id: investments.id, ...ECONOMICS_COLUMNS })`. */
export const ECONOMICS_COLUMNS = {
  type_cd: investments.type_cd,
  price: investments.price,
  income: investments.income,
  yield: investments.yield,
  structure_cd: investments.structure_cd,
  structure_other: investments.structure_other,
  built: investments.built,
  land_size: investments.land_size,
  land_type: investments.land_type,
  building_size: investments.building_size,
  occupied_size: investments.occupied_size,
  service_charge: investments.service_charge,
  maintenance_fee: investments.maintenance_fee,
  land_rights: investments.land_rights,
  vacancy: investments.vacancy,
  road_price: investments.road_price,
  road_price_year: investments.road_price_year,
  leasehold_ratio: investments.leasehold_ratio,
  assessed_land_value: investments.assessed_land_value,
  assessed_building_value: investments.assessed_building_value,
  property_tax: investments.property_tax,
  replacement_cost: investments.replacement_cost,
  steel_thickness: investments.steel_thickness,
  rebuild_not_allowed: investments.rebuild_not_allowed,
  nonconforming: investments.nonconforming,
  hazard_out: investments.hazard_out,
} as const;

/**
 * The staff-only inputs ECONOMICS_COLUMNS selects besides the display fields: surfaces show the model's
 * figures from them, never the raw values, so a card or detail object drops them before it reaches a
 * client component or an API answer (withoutStaffInputs).
 */
export const STAFF_INPUT_KEYS = [
  "road_price",
  "road_price_year",
  "leasehold_ratio",
  "assessed_land_value",
  "assessed_building_value",
  "property_tax",
  "replacement_cost",
  "steel_thickness",
  "rebuild_not_allowed",
  "nonconforming",
  // not a staff input, but also read only for the model (the deal check's hazard row)
  "hazard_out",
] as const satisfies readonly (keyof typeof ECONOMICS_COLUMNS)[];
export type StaffInputKey = (typeof STAFF_INPUT_KEYS)[number];

export function withoutStaffInputs<T extends object>(row: T): Omit<T, StaffInputKey> {
  const out = { ...row } as Record<string, unknown>;
  for (const k of STAFF_INPUT_KEYS) delete out[k];
  return out as Omit<T, StaffInputKey>;
}

type Stored = typeof investments.$inferSelect;
type EconomicsKey = keyof typeof ECONOMICS_COLUMNS;

/**
 * A stored row (or an insert about to be written) with at least type_cd and price; every other
 * column ECONOMICS_COLUMNS names may be absent (treated as not stated).
 */
export type EconomicsRow = Pick<Stored, "type_cd"> & { price: number | null | undefined } & {
  [K in Exclude<EconomicsKey, "type_cd" | "price">]?: Stored[K] | null | undefined;
};

/** The listing's rent roll and 修繕履歴, when the caller loaded them (loadRentRolls / loadRepairHistory). */
export interface EconomicsExtras {
  rentRoll?: readonly RentRollRow[] | null;
  repairHistory?: readonly RepairRecord[] | null;
}

const n = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const b = (v: boolean | null | undefined): boolean | null => (typeof v === "boolean" ? v : null);

/** A stored listing as the economics model's input (columns renamed where the model's names differ). */
export function economicsInputOf(row: EconomicsRow, extras: EconomicsExtras = {}): EconomicsInput {
  return {
    type_cd: row.type_cd,
    price: n(row.price),
    income: row.income ? { year: n(row.income.year), month: n(row.income.month) } : null,
    yield: n(row.yield),
    structure_cd: n(row.structure_cd),
    structure_other: row.structure_other ?? null,
    built: row.built ? { year: n(row.built.year), month: n(row.built.month) } : null,
    land_size: n(row.land_size),
    land_type: n(row.land_type),
    building_size: n(row.building_size),
    occupied_size: n(row.occupied_size),
    service_charge: n(row.service_charge),
    maintenance_fee: n(row.maintenance_fee),
    land_rights: row.land_rights ? { type: n(row.land_rights.type), fee: n(row.land_rights.fee) } : null,
    vacancy_cd: n(row.vacancy?.cd),
    road_price: n(row.road_price),
    road_price_year: n(row.road_price_year),
    leasehold_ratio: n(row.leasehold_ratio),
    assessed_land_value: n(row.assessed_land_value),
    assessed_building_value: n(row.assessed_building_value),
    property_tax: n(row.property_tax),
    replacement_cost_per_sqm: n(row.replacement_cost),
    steel_thickness_mm: n(row.steel_thickness),
    rebuild_not_allowed: b(row.rebuild_not_allowed),
    nonconforming: b(row.nonconforming),
    hazard_out: b(row.hazard_out),
    rent_roll: extras.rentRoll ?? null,
    repair_history: extras.repairHistory ?? null,
  };
}

type RentRollStored = typeof investment_rent_rolls.$inferSelect;
type RepairStored = typeof investment_repairs.$inferSelect;

/** A stored rent-roll row as the model's RentRollRow. */
export function rentRollRowOf(
  r: Pick<RentRollStored, "room" | "rent" | "status"> & Partial<Pick<RentRollStored, "layout" | "area" | "common_fee" | "deposit" | "lease_start">>,
): RentRollRow {
  return {
    room: r.room,
    layout: r.layout ?? null,
    area: r.area ?? null,
    rent: r.rent,
    commonFee: r.common_fee ?? null,
    deposit: r.deposit ?? null,
    status: r.status,
    leaseStart: r.lease_start ?? null,
  };
}

/** A stored 修繕履歴 row as the model's RepairRecord. */
export function repairRecordOf(r: Pick<RepairStored, "year_month" | "description" | "cost">): RepairRecord {
  return { yearMonth: r.year_month, description: r.description, cost: r.cost };
}

/** SQLite's bound-parameter limit is far above this; batches keep one IN list reasonable. */
const BATCH = 500;

/** Rows appended to their listing's list in `out`, in the rows' order. */
function groupByListing<T extends { investment_id: number }, U>(out: Map<number, U[]>, rows: readonly T[], map: (row: T) => U): Map<number, U[]> {
  for (const row of rows) {
    const list = out.get(row.investment_id) ?? [];
    list.push(map(row));
    out.set(row.investment_id, list);
  }
  return out;
}

async function byListing<T extends { investment_id: number }, U>(
  ids: readonly number[],
  read: (chunk: number[]) => Promise<T[]>,
  map: (row: T) => U,
): Promise<Map<number, U[]>> {
  const out = new Map<number, U[]>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) groupByListing(out, await read(unique.slice(i, i + BATCH)), map);
  return out;
}

/** `column IN (…)` for a list of ids, or for a statement selecting them (pageWithCards' page). */
export function inIds(column: SQLiteColumn, ids: readonly number[] | SQLWrapper): SQL {
  return Array.isArray(ids) ? inArray(column, [...(ids as readonly number[])]) : inArray(column, ids as SQLWrapper);
}

/** The rent rolls of listings, in their order (e_sort), as one statement (loadCards reads it with the cards). */
export function rentRollsQuery(db: Pick<Db, "select">, ids: readonly number[] | SQLWrapper) {
  return db
    .select()
    .from(investment_rent_rolls)
    .where(inIds(investment_rent_rolls.investment_id, ids))
    .orderBy(asc(investment_rent_rolls.investment_id), asc(investment_rent_rolls.e_sort), asc(investment_rent_rolls.id));
}

/** rentRollsQuery's rows by listing. */
export function rentRollsByListing(rows: readonly RentRollStored[]): Map<number, RentRollRow[]> {
  return groupByListing(new Map(), rows, rentRollRowOf);
}

/** The rent rolls of listings, in their order (e_sort); a listing without one has no entry. */
export function loadRentRolls(db: Pick<Db, "select">, ids: readonly number[]): Promise<Map<number, RentRollRow[]>> {
  return byListing<RentRollStored, RentRollRow>(ids, (chunk) => rentRollsQuery(db, chunk).all(), rentRollRowOf);
}

/** The 修繕履歴 of listings, in their order (e_sort); a listing without one has no entry. */
export function loadRepairHistory(db: Pick<Db, "select">, ids: readonly number[]): Promise<Map<number, RepairRecord[]>> {
  return byListing<RepairStored, RepairRecord>(
    ids,
    (chunk) =>
      db
        .select()
        .from(investment_repairs)
        .where(inArray(investment_repairs.investment_id, chunk))
        .orderBy(asc(investment_repairs.investment_id), asc(investment_repairs.e_sort), asc(investment_repairs.id))
        .all(),
    repairRecordOf,
  );
}
