/**
 * The seed's 収支・積算 inputs (issue 35): Kansai-plausible 路線価 by municipality and zone
 * (大阪市北区・中央区 商業地 1–5百万円/㎡, residential wards 150–400千円/㎡, 神戸・京都 on a similar
 * scale, suburbs 80–200千円/㎡), the year, 借地権割合 60–70 % on 借地, 固都税 0.3–0.6 % of the price,
 * 評価額, a few 再調達単価 overrides and 鉄骨の肉厚, a few 再建築不可 / 既存不適格 flags, rent rolls
 * whose 賃料 + 共益費 add up to the listing's 想定月収 exactly and whose vacant units match 現況,
 * and a few 修繕履歴 rows. Drawn from a fork of the listing's generator, so the rest of the
 * listing (and every other listing) is the same as before.
 */
import type { investment_rent_rolls, investment_repairs, investments } from "@/server/db/schema";
import type { RegionKey } from "./places";
import type { Rng } from "./prng";

export type RentRollSeedRow = Omit<typeof investment_rent_rolls.$inferInsert, "id" | "investment_id">;
export type RepairSeedRow = Omit<typeof investment_repairs.$inferInsert, "id" | "investment_id">;
export type EconomicsSeedColumns = Pick<
  typeof investments.$inferInsert,
  | "road_price"
  | "road_price_year"
  | "leasehold_ratio"
  | "assessed_land_value"
  | "assessed_building_value"
  | "property_tax"
  | "replacement_cost"
  | "steel_thickness"
  | "rebuild_not_allowed"
  | "nonconforming"
>;

export interface EconomicsSeedContext {
  typeCd: number;
  region: RegionKey;
  muniName: string;
  zoneName: string | null;
  /** 価格 万円 */
  price: number;
  /** 想定月収 円 (null for land) */
  monthlyIncome: number | null;
  structure: number | null;
  built: { year: number; month: number | null } | null;
  age: number;
  future: boolean;
  vacancyCd: number;
  leasehold: boolean;
  units: number;
  /** e.g. "1K×18戸・2LDK×3戸" (residential), a building's floor plan text otherwise */
  layout: string | null;
  ground: number;
  buildingSize: number | null;
  landSize: number | null;
  repairYear: number | null;
  nowYear: number;
  /** Scale seeds: columns only, no rent roll / 修繕履歴 rows. */
  compact: boolean;
}

export interface EconomicsSeed {
  columns: EconomicsSeedColumns;
  rentRoll: RentRollSeedRow[];
  repairs: RepairSeedRow[];
}

/** 路線価 (円/㎡) ranges of the central commercial wards. */
const CBD: Record<string, readonly [number, number]> = {
  大阪市北区: [1_000_000, 5_000_000],
  大阪市中央区: [900_000, 4_000_000],
  大阪市西区: [500_000, 1_500_000],
  大阪市浪速区: [450_000, 1_400_000],
  大阪市淀川区: [400_000, 1_200_000],
  神戸市中央区: [400_000, 2_200_000],
  京都市下京区: [400_000, 2_000_000],
  京都市中京区: [400_000, 1_800_000],
};
/** Residential and commercial 路線価 ranges per region. */
const REGION_ROAD: Record<RegionKey, { res: readonly [number, number]; com: readonly [number, number] }> = {
  osaka: { res: [150_000, 400_000], com: [350_000, 1_000_000] },
  kobe: { res: [120_000, 330_000], com: [250_000, 800_000] },
  kyoto: { res: [130_000, 380_000], com: [300_000, 900_000] },
  hokusetsu: { res: [110_000, 220_000], com: [200_000, 500_000] },
  hanshin: { res: [110_000, 240_000], com: [200_000, 550_000] },
  bay: { res: [90_000, 180_000], com: [150_000, 350_000] },
  satellite: { res: [80_000, 170_000], com: [130_000, 300_000] },
  south: { res: [80_000, 140_000], com: [110_000, 250_000] },
};
const LAYOUT_RENT: Record<string, { rent: number; area: number }> = {
  "1R": { rent: 42, area: 18 },
  "1K": { rent: 50, area: 24 },
  "1DK": { rent: 56, area: 30 },
  "1LDK": { rent: 76, area: 40 },
  "2DK": { rent: 62, area: 42 },
  "2LDK": { rent: 90, area: 58 },
};
const LIFE: Record<number, number> = { 1: 47, 2: 47, 3: 34, 4: 27, 5: 22 };
const ONE_BUILDING = [1, 2, 3];

const round = (n: number, step: number) => Math.round(n / step) * step;
const ym = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

function roadPrice(rng: Rng, c: EconomicsSeedContext): number {
  const commercial = c.zoneName === "商業地域" || c.zoneName === "近隣商業地域";
  const cbd = CBD[c.muniName];
  const [lo, hi] = commercial && cbd ? cbd : commercial ? REGION_ROAD[c.region].com : REGION_ROAD[c.region].res;
  return round(rng.logFloat(lo, hi), 1000);
}

/** The units of a building: layout and count per kind, from the generator's layout text. */
function unitPlan(c: EconomicsSeedContext): { layout: string; count: number }[] {
  if (c.typeCd === 3) return [{ layout: "店舗・事務所", count: c.units }];
  const plan = [...(c.layout ?? "").matchAll(/([^×・]+)×(\d+)戸/g)].map((m) => ({ layout: m[1]!, count: Number(m[2]) }));
  return plan.length ? plan : [{ layout: "1K", count: Math.max(1, c.units) }];
}

function rentRoll(rng: Rng, c: EconomicsSeedContext): RentRollSeedRow[] {
  const monthly = c.monthlyIncome ?? 0;
  const plan = unitPlan(c);
  const units = plan.flatMap((p) => Array.from({ length: p.count }, () => p.layout));
  const n = units.length;
  if (n === 0 || monthly <= 0) return [];
  const office = c.typeCd === 3;
  // 共益費 per unit (the same for every unit); none when rents would get implausibly low.
  let fee = office ? 0 : c.typeCd === 1 ? rng.int(3, 5) * 1000 : rng.pick([0, 2000, 3000]);
  if ((monthly - fee * n) / n < 20_000) fee = 0;
  const budget = monthly - fee * n;
  const weights = units.map((l) => (LAYOUT_RENT[l]?.rent ?? 60) * rng.float(0.97, 1.03));
  const sum = weights.reduce((a, b) => a + b, 0);
  const rents = weights.map((w) => Math.max(1000, round((budget * w) / sum, 1000)));
  // Every amount is a multiple of 1,000, so the totals meet exactly: spread the difference 1,000 at a time.
  let diff = budget - rents.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % n) {
    const step = diff > 0 ? 1000 : -1000;
    if (rents[i]! + step >= 1000) {
      rents[i]! += step;
      diff -= step;
    }
  }
  // Which units are empty: none when 満室, all when 空室 or not yet built, a few when 空室あり.
  const vacantCount = c.future || c.vacancyCd === 3 ? n : c.vacancyCd === 2 ? Math.min(n - 1, Math.max(1, Math.round(n * rng.float(0.05, 0.25)))) : 0;
  const vacant = new Set(
    rng.sample(
      Array.from({ length: n }, (_, i) => i),
      vacantCount,
    ),
  );
  const perFloor = Math.max(1, Math.ceil(n / Math.max(1, c.ground)));
  const officeArea = c.buildingSize ? (c.buildingSize * 0.8) / n : null;
  const since = Math.max(c.built?.year ?? c.nowYear - 10, c.nowYear - 8);
  return units.map((layout, i) => {
    const floor = 1 + Math.floor(i / perFloor);
    const room = office ? `${floor}F${perFloor > 1 ? `-${(i % perFloor) + 1}` : ""}` : String(floor * 100 + (i % perFloor) + 1);
    const occupied = !vacant.has(i);
    const area = office ? officeArea : (LAYOUT_RENT[layout]?.area ?? 30) * rng.float(0.95, 1.05);
    return {
      room,
      layout,
      area: area ? Math.round(area * 100) / 100 : null,
      rent: rents[i]!,
      common_fee: fee || null,
      deposit: office ? rents[i]! * 6 : rng.chance(0.5) ? 0 : rents[i]!,
      status: occupied ? "occupied" : c.future || rng.chance(0.6) ? "advertising" : "vacant",
      lease_start: occupied ? ym(rng.int(Math.min(since, c.nowYear), c.nowYear), rng.int(1, 12)) : null,
      e_sort: i,
    };
  });
}

const REPAIR_WORKS = ["給湯器交換", "共用部照明のLED化", "鉄部塗装", "排水管高圧洗浄", "エントランス改修", "屋上防水補修", "インターホン更新"];

function repairs(rng: Rng, c: EconomicsSeedContext): RepairSeedRow[] {
  if (!c.built || c.future || c.age < 8 || !rng.chance(0.6)) return [];
  const rows: { year: number; month: number; description: string; cost: number }[] = [];
  if (c.repairYear)
    rows.push({
      year: c.repairYear,
      month: rng.int(3, 11),
      description: "大規模修繕工事（外壁塗装・屋上防水）",
      cost: round((c.buildingSize ?? 300) * rng.float(12_000, 20_000), 10_000),
    });
  for (const work of rng.sample(REPAIR_WORKS, rng.int(1, 2))) {
    rows.push({ year: rng.int(c.built.year + 5, c.nowYear - 1), month: rng.int(1, 12), description: work, cost: round(rng.float(150_000, 1_800_000), 10_000) });
  }
  return rows
    .filter((r) => r.year <= c.nowYear - 1)
    .sort((a, b) => a.year - b.year || a.month - b.month)
    .map((r, i) => ({ year_month: ym(r.year, r.month), description: r.description, cost: r.cost, e_sort: i }));
}

const NONE: EconomicsSeedColumns = {
  road_price: null,
  road_price_year: null,
  leasehold_ratio: null,
  assessed_land_value: null,
  assessed_building_value: null,
  property_tax: null,
  replacement_cost: null,
  steel_thickness: null,
  rebuild_not_allowed: null,
  nonconforming: null,
};

export function seedEconomics(rng: Rng, c: EconomicsSeedContext): EconomicsSeed {
  const oneBuilding = ONE_BUILDING.includes(c.typeCd);
  // Most 一棟 listings carry the inputs; half of the 戸建・土地・その他; 区分 none (no 敷地権割合 to 積算 with).
  if (c.typeCd === 6 || !rng.chance(oneBuilding ? 0.85 : 0.5)) return { columns: NONE, rentRoll: [], repairs: [] };
  const road = roadPrice(rng, c);
  const life = c.structure ? LIFE[c.structure] : undefined;
  const buildingShare = life ? Math.max(0.2, 1 - c.age / life) : 0;
  const columns: EconomicsSeedColumns = {
    road_price: road,
    road_price_year: c.nowYear,
    leasehold_ratio: c.leasehold ? rng.pick([60, 70]) : null,
    // 固定資産税評価額 of land runs at about 7/8 of the 路線価 (70 % vs 80 % of 公示価格).
    assessed_land_value: c.landSize ? round(road * c.landSize * 0.875 * rng.float(0.9, 1.05), 1000) : null,
    assessed_building_value: c.buildingSize && life ? round(c.buildingSize * rng.float(60_000, 110_000) * buildingShare, 1000) : null,
    property_tax: round(c.price * 10_000 * rng.float(0.003, 0.006), 100),
    replacement_cost: c.buildingSize && rng.chance(0.1) ? rng.pick([160_000, 180_000, 220_000, 250_000]) : null,
    steel_thickness: c.structure === 4 && rng.chance(0.35) ? rng.pick([2.3, 3.2]) : c.structure === 3 && rng.chance(0.2) ? rng.pick([6, 9]) : null,
    rebuild_not_allowed: (c.typeCd === 4 || c.typeCd === 2) && rng.chance(0.05) ? true : rng.chance(0.5) ? false : null,
    nonconforming: c.built && c.built.year < 1990 && rng.chance(0.15) ? true : rng.chance(0.4) ? false : null,
  };
  if (c.compact || !oneBuilding) return { columns, rentRoll: [], repairs: [] };
  return { columns, rentRoll: rentRoll(rng, c), repairs: repairs(rng, c) };
}
