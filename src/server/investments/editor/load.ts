/**
 * The editor's reads: a listing as form values, and the choices and checks its fields need.
 */
import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { InvestmentFormInput } from "@/schemas/admin/investment";
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
import { notFound, str } from "./common";

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

/** A stored listing as editor values. */
export async function getInvestmentForEdit(db: Db, id: number) {
  const row = await db.select().from(investments).where(eq(investments.id, id)).get();
  if (!row) throw notFound();
  const [transports, images, history, rentRoll, repairs] = await Promise.all([
    db
      .select()
      .from(investment_transports)
      .where(eq(investment_transports.investment_id, id))
      .orderBy(asc(investment_transports.e_sort), asc(investment_transports.id))
      .all(),
    db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(asc(investment_images.e_sort), asc(investment_images.id)).all(),
    db
      .select({
        price: investment_price_histories.price,
        price_before: investment_price_histories.price_before,
        changed_at: investment_price_histories.changed_at,
      })
      .from(investment_price_histories)
      .where(eq(investment_price_histories.investment_id, id))
      .orderBy(desc(investment_price_histories.changed_at))
      .all(),
    db
      .select()
      .from(investment_rent_rolls)
      .where(eq(investment_rent_rolls.investment_id, id))
      .orderBy(asc(investment_rent_rolls.e_sort), asc(investment_rent_rolls.id))
      .all(),
    db
      .select()
      .from(investment_repairs)
      .where(eq(investment_repairs.investment_id, id))
      .orderBy(asc(investment_repairs.e_sort), asc(investment_repairs.id))
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
    road_price: str(row.road_price),
    road_price_year: str(row.road_price_year),
    leasehold_ratio: str(row.leasehold_ratio),
    assessed_land_value: str(row.assessed_land_value),
    assessed_building_value: str(row.assessed_building_value),
    property_tax: str(row.property_tax),
    replacement_cost: str(row.replacement_cost),
    steel_thickness: str(row.steel_thickness),
    rebuild_not_allowed: str(row.rebuild_not_allowed),
    nonconforming: str(row.nonconforming),
    rent_roll: rentRoll.map((r) => ({
      room: r.room,
      layout: r.layout ?? "",
      area: str(r.area),
      rent: str(r.rent),
      common_fee: str(r.common_fee),
      deposit: str(r.deposit),
      status: r.status,
      lease_start: r.lease_start ?? "",
    })),
    repair_history: repairs.map((r) => ({ year_month: r.year_month, description: r.description, cost: str(r.cost) })),
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
      net_yield: row.net_yield,
      sekisan_ratio: row.sekisan_ratio,
    },
    history,
  };
}
