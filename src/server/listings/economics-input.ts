/**
 * A listing's stored inputs for the one economics model (src/lib/economics.ts,
 * issue 35): the columns it reads (ECONOMICS_COLUMNS, a drizzle selection every
 * surface's query spreads in), the mapping of such a row to EconomicsInput, and
 * the rent roll / 修繕履歴 loaders (Maps by listing id).
 *
 * This version maps the columns that exist today; the issue-35 inputs (路線価,
 * 借地権割合, 固都税, 評価額, 再調達単価, rent roll and 修繕履歴 tables, flags)
 * come with their schema, and the loaders return empty maps until then.
 */
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import type { EconomicsInput, RentRollRow, RepairRecord } from "@/lib/economics";

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
};

/** A row carrying at least ECONOMICS_COLUMNS. */
export type EconomicsRow = {
  [K in keyof typeof ECONOMICS_COLUMNS]: (typeof ECONOMICS_COLUMNS)[K]["_"]["notNull"] extends true
    ? (typeof ECONOMICS_COLUMNS)[K]["_"]["data"]
    : (typeof ECONOMICS_COLUMNS)[K]["_"]["data"] | null;
};

/** The model's input from a stored row (plus the listing's rent roll and 修繕履歴 when loaded). */
export function economicsInputOf(
  row: EconomicsRow,
  extra: { rent_roll?: readonly RentRollRow[] | null; repair_history?: readonly RepairRecord[] | null } = {},
): EconomicsInput {
  return {
    type_cd: row.type_cd,
    price: row.price,
    income: row.income ?? null,
    yield: row.yield,
    structure_cd: row.structure_cd,
    structure_other: row.structure_other,
    built: row.built ?? null,
    land_size: row.land_size,
    land_type: row.land_type,
    building_size: row.building_size,
    occupied_size: row.occupied_size,
    service_charge: row.service_charge,
    maintenance_fee: row.maintenance_fee,
    land_rights: row.land_rights ?? null,
    vacancy_cd: row.vacancy?.cd ?? null,
    rent_roll: extra.rent_roll ?? null,
    repair_history: extra.repair_history ?? null,
  };
}

/** The rent rolls of `ids` (none stored yet in this version). */
export async function loadRentRolls(_db: Db, _ids: readonly number[]): Promise<Map<number, RentRollRow[]>> {
  return new Map();
}

/** The 修繕履歴 of `ids` (none stored yet in this version). */
export async function loadRepairHistory(_db: Db, _ids: readonly number[]): Promise<Map<number, RepairRecord[]>> {
  return new Map();
}
