/**
 * One realistic listing from a seeded PRNG: location on real stations, type
 * economics in line with the Kansai market (price, yield, rent, sizes),
 * natural Japanese copy, dates and flags. Derived columns come from
 * src/server/investments/derive.ts, exactly as the admin editor will do.
 */
import { jstYearMonth } from "@/lib/age";
import { SQM_PER_TSUBO, structureName, typeName } from "@/lib/constants/investment";
import { grossIncomeYield } from "@/lib/yield";
import { addDaysIso, nextUpdateLimit } from "@/schemas/admin/investment";
import type { investment_price_histories, investments } from "@/server/db/schema";
import { deriveInvestment } from "@/server/investments";
import { rentRollRowOf } from "@/server/listings";
import { storedStateFor } from "@/server/investments";
import type { TransportRow } from "@/server/investments";
import { AGENT_COMPANIES, APARTMENT_PREFIXES, MANSION_PREFIXES, MANSION_SUFFIXES, NUMBERED, SO_NAMES, SURNAMES, fakeTel } from "./names";
import {
  REGION_LAND,
  REGION_RENT,
  REGION_WEIGHTS,
  REGION_YIELD,
  distanceMeters,
  pickDistrict,
  pickLocality,
  shortPlace,
  type MuniInfo,
  type PlaceModel,
  type RegionKey,
  type StationInfo,
} from "./places";
import type { Rng } from "./prng";
import { assertClean } from "./text";
import { seedEconomics, type RepairSeedRow, type RentRollSeedRow } from "./economics";

export type InvestmentRow = typeof investments.$inferInsert & { id: number };
export type { TransportRow };
export type HistoryRow = Omit<typeof investment_price_histories.$inferInsert, "id" | "investment_id">;

export interface GeneratedListing {
  row: InvestmentRow;
  transports: TransportRow[];
  history: HistoryRow[];
  region: RegionKey;
  /** above-ground floors (0 for land), for the seed's pictures */
  floors: number;
  /** レントロール and 修繕履歴 rows (issue 35; without investment_id) */
  rentRoll: RentRollSeedRow[];
  repairs: RepairSeedRow[];
}

export interface ListingOptions {
  id: number;
  now: Date;
  typeCd?: number;
  region?: RegionKey;
  createdBy?: number | null;
  /** Shorter copy (scale mode: keeps the FTS index and the run small). */
  compact?: boolean;
  /** Probabilities of the flags. */
  rates?: Partial<ListingRates>;
}

export interface ListingRates {
  members: number;
  premium: number;
  /** Listings with a price cut in their history (about half of them may show the former price). */
  priceDown: number;
  priceUp: number;
  unpublished: number;
}

export const DEFAULT_RATES: ListingRates = { members: 0.15, premium: 0.08, priceDown: 0.17, priceUp: 0.02, unpublished: 0.05 };

/** Share of each type_cd (percent). */
export const TYPE_WEIGHTS: readonly (readonly [number, number])[] = [
  [1, 28],
  [2, 23],
  [3, 9],
  [4, 10],
  [5, 9],
  [6, 18],
  [99, 3],
];

const DAY = 86_400_000;
const JST = 9 * 3_600_000;

/** 'YYYY-MM-DD' of an instant in Japan time. */
export function isoDateJst(d: Date): string {
  return new Date(d.getTime() + JST).toISOString().slice(0, 10);
}

/* ---------------------------------------------------------------- economics */

interface LayoutInfo {
  rent: number;
  area: number;
}
const LAYOUTS: Record<string, LayoutInfo> = {
  "1R": { rent: 42_000, area: 18 },
  "1K": { rent: 50_000, area: 24 },
  "1DK": { rent: 56_000, area: 30 },
  "1LDK": { rent: 76_000, area: 40 },
  "2DK": { rent: 62_000, area: 42 },
  "2LDK": { rent: 90_000, area: 58 },
  "3DK": { rent: 76_000, area: 55 },
  "3LDK": { rent: 105_000, area: 70 },
  "4LDK": { rent: 115_000, area: 90 },
};
const layoutInfo = (l: string): LayoutInfo => LAYOUTS[l] ?? { rent: 60_000, area: 30 };

interface Zone {
  name: string;
  bdr: number;
  far: number;
}
const ZONES: Record<string, { name: string; bdr: readonly number[]; far: readonly number[] }> = {
  commercial: { name: "商業地域", bdr: [80], far: [400, 500, 600, 800] },
  neighborhood: { name: "近隣商業地域", bdr: [80], far: [200, 300, 400] },
  res1: { name: "第一種住居地域", bdr: [60], far: [200, 300] },
  res2: { name: "第二種住居地域", bdr: [60], far: [200, 300] },
  midHigh1: { name: "第一種中高層住居専用地域", bdr: [60], far: [150, 200] },
  low1: { name: "第一種低層住居専用地域", bdr: [50, 60], far: [80, 100] },
  semiInd: { name: "準工業地域", bdr: [60], far: [200, 300] },
  semiRes: { name: "準住居地域", bdr: [60], far: [200, 300] },
};
const ZONE_MIX: Record<string, readonly (readonly [string, number])[]> = {
  central: [
    ["commercial", 35],
    ["neighborhood", 25],
    ["res1", 25],
    ["semiInd", 15],
  ],
  suburb: [
    ["res1", 30],
    ["midHigh1", 30],
    ["neighborhood", 15],
    ["semiInd", 15],
    ["res2", 10],
  ],
  apartment: [
    ["res1", 30],
    ["midHigh1", 30],
    ["low1", 20],
    ["semiInd", 10],
    ["semiRes", 10],
  ],
  building: [
    ["commercial", 60],
    ["neighborhood", 35],
    ["semiInd", 5],
  ],
  house: [
    ["low1", 35],
    ["res1", 30],
    ["midHigh1", 20],
    ["semiInd", 15],
  ],
};

function pickZone(rng: Rng, mix: keyof typeof ZONE_MIX): Zone {
  const z = ZONES[rng.pickWeighted(ZONE_MIX[mix] ?? [])] ?? ZONES.res1!;
  return { name: z.name, bdr: rng.pick(z.bdr), far: rng.pick(z.far) };
}

/** Listing-style prices: 2,980万 / 1億4,800万 rather than 2,963万. */
export function nicePrice(rng: Rng, p: number): number {
  if (p >= 10_000) return rng.chance(0.4) ? Math.round(p / 1000) * 1000 - 200 : Math.round(p / 100) * 100;
  if (p >= 1000) return rng.chance(0.5) ? Math.ceil(p / 100) * 100 - 20 : Math.round(p / 10) * 10;
  return Math.max(100, Math.round(p / 10) * 10);
}

function incomeFor(price: number, targetYield: number): { income: { month: number; year: number }; yield: number } {
  const month = Math.max(1000, Math.round((price * 10_000 * targetYield) / 100 / 12 / 1000) * 1000);
  const year = month * 12;
  return { income: { month, year }, yield: grossIncomeYield(price, { month, year }).yield ?? 0 };
}

function targetYield(rng: Rng, min: number, max: number, ageRatio: number, region: RegionKey): number {
  const mid = min + (max - min) * (0.2 + 0.6 * Math.min(1, Math.max(0, ageRatio)));
  return rng.normal(mid + REGION_YIELD[region], 0.3, min, max);
}

/* ---------------------------------------------------------------- building age */

interface BuiltPick {
  year: number;
  month: number | null;
}

const DECADES: Record<string, readonly (readonly [number, number])[]> = {
  // [decade start, weight]
  mansion: [
    [1972, 8],
    [1980, 22],
    [1990, 30],
    [2000, 20],
    [2010, 14],
    [2020, 6],
  ],
  apartment: [
    [1978, 8],
    [1985, 14],
    [1990, 22],
    [2000, 22],
    [2010, 20],
    [2020, 14],
  ],
  building: [
    [1970, 15],
    [1980, 30],
    [1990, 30],
    [2000, 15],
    [2010, 10],
  ],
  house: [
    [1965, 15],
    [1975, 30],
    [1985, 30],
    [1995, 15],
    [2005, 10],
  ],
  unit: [
    [1976, 20],
    [1985, 35],
    [1995, 20],
    [2005, 18],
    [2015, 7],
  ],
};

function pickBuilt(rng: Rng, kind: keyof typeof DECADES, now: Date, futureRate: number): BuiltPick {
  const cur = jstYearMonth(now);
  if (rng.chance(futureRate)) return { year: cur.year + 1, month: rng.int(2, 10) };
  const start = rng.pickWeighted(DECADES[kind] ?? []);
  const year = Math.min(cur.year - 1, start + rng.int(0, 9));
  return { year, month: rng.chance(0.9) ? rng.int(1, 12) : null };
}

/* ---------------------------------------------------------------- location */

interface Location {
  muni: MuniInfo;
  lat: number;
  lon: number;
  primary: StationInfo;
  transports: TransportRow[];
}

function pickLocation(rng: Rng, model: PlaceModel, regionKey: RegionKey): Location {
  const region = model.regions.get(regionKey);
  if (!region) throw new Error(`unknown region ${regionKey}`);
  const muni = rng.weighted(
    region.munis,
    region.munis.map((m) => m.weight),
  );
  // Stations of the municipality; otherwise of the region, otherwise of the prefecture.
  const pool = muni.stations.length ? muni.stations : region.stations.length ? region.stations : (model.byPref.get(muni.pref_cd) ?? []);
  const primaryIdx = rng.pick(pool);
  const primary = model.stations[primaryIdx] as StationInfo;
  const r = 80 + Math.sqrt(rng.next()) * 1050;
  const a = rng.next() * Math.PI * 2;
  const lat = primary.lat + (r * Math.cos(a)) / 111_320;
  const lon = primary.lon + (r * Math.sin(a)) / (111_320 * Math.cos((primary.lat * Math.PI) / 180));

  const candidates = [primaryIdx, ...(model.neighbors[primaryIdx] ?? [])]
    .map((i) => ({ s: model.stations[i] as StationInfo, d: 0 }))
    .map((c) => ({ ...c, d: distanceMeters(lat, lon, c.s.lat, c.s.lon) }))
    .sort((x, y) => x.d - y.d);
  const count = rng.pickWeighted([
    [1, 25],
    [2, 40],
    [3, 35],
  ] as const);
  const chosen = candidates.slice(0, count);
  // Sometimes the last entry is a bus ride to a larger station further away.
  const far = candidates.filter((c) => c.d > 2200);
  if (chosen.length > 1 && far.length && rng.chance(0.12)) chosen[chosen.length - 1] = rng.pick(far);

  const transports: TransportRow[] = chosen.map((c, i) => {
    const walk = Math.max(1, Math.ceil((c.d * 1.3) / 80));
    const base = {
      operator: c.s.company_cd,
      line_cd: c.s.line_cd,
      line_name: c.s.line_name,
      station_cd: c.s.station_cd,
      station_name: c.s.name,
      group_cd: c.s.station_g_cd,
      e_sort: i,
    };
    if (walk <= 20) return { ...base, distance: 1, station_walk: walk, bus_name: null, bus_time: null, bus_walk: null, other: null };
    return {
      ...base,
      distance: 2,
      station_walk: null,
      bus_name: rng.pick(["市役所前", "中央公園前", "市民病院前", "小学校前", "団地前", "四つ辻", "本町"]),
      bus_time: Math.max(4, Math.round(c.d / 320)),
      bus_walk: rng.int(1, 7),
      other: null,
    };
  });
  return { muni, lat, lon, primary, transports };
}

/* ---------------------------------------------------------------- names */

function cleanStationName(name: string): string | null {
  return name.length <= 6 && !/[・（(「]/.test(name) ? name : null;
}

function placeWord(rng: Rng, station: string | null, districtBase: string, muniShort: string): string {
  const r = rng.next();
  if (station && r < 0.6) return station;
  if (r < 0.85 && districtBase.length <= 5) return districtBase;
  return muniShort;
}

function mansionName(rng: Rng, place: string): string {
  const r = rng.next();
  if (r < 0.55) return `${rng.pick(MANSION_PREFIXES)}${place}`;
  if (r < 0.8) return `${place}${rng.pick(MANSION_SUFFIXES)}`;
  return `${rng.pick(MANSION_PREFIXES)}${place}${rng.pick(NUMBERED)}`;
}

/* ---------------------------------------------------------------- copy */

interface CopyContext {
  typeCd: number;
  typeLabel: string;
  structLabel: string | null;
  station: string;
  line: string;
  walk: number | null;
  bus: number | null;
  cityName: string;
  districtBase: string;
  region: RegionKey;
  built: BuiltPick | null;
  age: number;
  future: boolean;
  units: number;
  layoutMain: string | null;
  layout: string | null;
  yieldPct: number | null;
  vacancyCd: number;
  cert: boolean;
  repairYear: number | null;
  landSize: number | null;
  zone: Zone | null;
  occupied: number | null;
  floorLocation: number | null;
  elevator: boolean;
  parking: boolean;
  leasehold: boolean;
  typeOther: string | null;
  name: string;
}

function ageText(c: CopyContext): string {
  if (!c.built) return "";
  if (c.future) return `${c.built.year}年${c.built.month ?? 3}月完成予定の新築`;
  if (c.age <= 1) return "築浅";
  if (c.age <= 10) return `築${c.age}年`;
  return `${c.built.year}年築`;
}

function access(c: CopyContext): string {
  if (c.walk !== null) return `${c.line}「${c.station}」駅徒歩${c.walk}分`;
  return `${c.line}「${c.station}」駅からバス${c.bus ?? 10}分`;
}

function vacancyText(cd: number): string {
  return cd === 1 ? "現況満室稼働中" : cd === 2 ? "現況一部空室あり" : cd === 3 ? "現況空室" : "満室想定";
}

function mainComment(rng: Rng, c: CopyContext): string {
  const y = c.yieldPct !== null ? `表面利回り${c.yieldPct.toFixed(2)}％` : "";
  switch (c.typeCd) {
    case 1:
    case 2:
      return rng.pick([
        `${access(c)}の${c.structLabel ?? ""}${c.typeLabel}。${vacancyText(c.vacancyCd)}で、${y}です。`,
        `${c.cityName}${c.districtBase}に建つ${ageText(c)}の${c.typeLabel}（全${c.units}戸）。${y}、${vacancyText(c.vacancyCd)}です。`,
        `${c.layoutMain ?? "単身者向け"}中心の全${c.units}戸。「${c.station}」駅から${c.walk !== null ? `徒歩${c.walk}分` : `バス${c.bus ?? 10}分`}の立地で、${y}です。`,
      ]);
    case 3:
      return `${access(c)}の${ageText(c)}${c.structLabel ?? ""}ビル（${c.layout ?? "店舗・事務所"}）。${vacancyText(c.vacancyCd)}で、${y}です。`;
    case 4:
      return c.vacancyCd === 1
        ? `${c.cityName}${c.districtBase}の${c.layoutMain ?? ""}戸建。賃貸中のオーナーチェンジ物件で、${y}です。`
        : `${c.cityName}${c.districtBase}の${c.layoutMain ?? ""}戸建。現在空室のため、賃料設定を含めて運用方針を決められます（${y}は想定）。`;
    case 5: {
      const tsubo = c.landSize ? (c.landSize / SQM_PER_TSUBO).toFixed(1) : "";
      return `${c.cityName}${c.districtBase}の土地${c.landSize ?? ""}㎡（約${tsubo}坪）。${c.zone?.name ?? ""}、建ぺい率${c.zone?.bdr ?? ""}％・容積率${c.zone?.far ?? ""}％で、賃貸住宅の建築用地としてご検討いただけます。`;
    }
    case 6:
      return `${c.name.replace(/ \d+階$/, "")}の${c.floorLocation ?? ""}階、${c.layoutMain ?? ""}・専有面積${c.occupied ?? ""}㎡。${c.vacancyCd === 1 ? "賃貸中" : "空室"}で、${y}${c.vacancyCd === 1 ? "" : "（想定）"}です。`;
    default:
      return `${c.typeOther ?? "収益物件"}として利用されている物件です。${access(c)}、${y || "利回りはお問い合わせください"}。`;
  }
}

function subSentences(c: CopyContext): string[] {
  const s: string[] = [];
  if (c.future) s.push(`${c.built?.year}年${c.built?.month ?? 3}月完成予定の新築物件です。利回りは満室想定の数値です。`);
  if (c.cert) s.push("検査済証を取得しており、金融機関の融資審査でも評価されやすい物件です。");
  if (c.repairYear) s.push(`${c.repairYear}年に大規模修繕工事（外壁・屋上防水）を実施済みです。`);
  if (c.built && !c.future && c.built.year >= 1982 && c.age >= 20) s.push("新耐震基準の建物で、融資の検討がしやすい物件です。");
  if (c.built && c.built.year < 1981) s.push("旧耐震基準の建物のため、融資条件は金融機関により異なります。詳しくはご相談ください。");
  if (c.typeCd !== 5) s.push(`「${c.station}」駅の周辺には商店街やスーパーがあり、日常の買い物にも便利な環境です。`);
  if (c.layoutMain && ["1R", "1K", "1DK"].includes(c.layoutMain))
    s.push(
      c.typeCd === 6
        ? "単身者向けの間取りで、周辺の大学や事業所への通勤・通学需要が見込めます。"
        : "単身者向けの間取りが中心で、周辺の大学や事業所への通勤・通学需要が見込めます。",
    );
  if (c.layoutMain && /^[234]/.test(c.layoutMain)) s.push("周辺は落ち着いた住宅地で、ファミリー層の長期入居が期待できます。");
  if (c.vacancyCd === 1 && c.typeCd !== 5) s.push("入居者様がいらっしゃるため、ご内覧は外観のみとなります。");
  if (c.vacancyCd === 3) s.push("空室のため、室内のご内覧が可能です。日程はご相談ください。");
  if (c.elevator && (c.typeCd === 1 || c.typeCd === 3)) s.push("エレベーター付きで、上層階の入居付けも安定しています。");
  if (c.parking) s.push("敷地内に駐車場があり、車を利用する入居者のニーズにも対応できます。");
  if (c.leasehold) s.push("借地権付きの物件です。地代や契約期間などの条件はお問い合わせください。");
  if (c.typeCd === 5) {
    s.push("古家の解体費用や建築プランについても、提携の建築会社とともにご提案いたします。");
    s.push("周辺は住宅と店舗が混在するエリアで、一棟アパートや店舗付住宅の建築に向いています。");
  }
  if (c.typeCd === 6) s.push("管理会社による管理が行き届いており、共用部は清潔に保たれています。");
  if (c.typeCd === 3) s.push("1階は路面店舗として視認性が高く、テナント需要の見込める立地です。");
  if (c.region === "kyoto") s.push("観光地へのアクセスも良く、京都らしい落ち着いた街並みの中にあります。");
  s.push("レントロール・固定資産税評価額などの資料は、お問い合わせいただければお送りします。");
  s.push("法人でのご購入や、資産の組み替えをご検討の方からのご相談も承ります。");
  return s;
}

/* ---------------------------------------------------------------- the listing */

const OTHER_TYPES = [
  { label: "店舗付住宅", structures: [5, 3], kind: "house" },
  { label: "倉庫・事務所", structures: [3], kind: "building" },
  { label: "ホテル", structures: [2, 1], kind: "building" },
  { label: "簡易宿所", structures: [5], kind: "house" },
  { label: "月極駐車場", structures: [], kind: "land" },
  { label: "社員寮", structures: [2, 3], kind: "mansion" },
] as const;

export function generateListing(rng: Rng, model: PlaceModel, opts: ListingOptions): GeneratedListing {
  const { now, id } = opts;
  const rates = { ...DEFAULT_RATES, ...opts.rates };
  const nowYear = jstYearMonth(now).year;
  const typeCd = opts.typeCd ?? rng.pickWeighted(TYPE_WEIGHTS);
  const region = opts.region ?? rng.pickWeighted(REGION_WEIGHTS);
  const central = region === "osaka" || region === "kobe" || region === "kyoto";

  const loc = pickLocation(rng, model, region);
  const district = pickDistrict(rng, loc.muni.name);
  const walkEntry = loc.transports.find((t) => t.distance === 1) ?? loc.transports[0];
  const stationName = walkEntry?.station_name ?? loc.primary.name;
  const place = placeWord(rng, cleanStationName(stationName), district.base, shortPlace(loc.muni.name));

  // Fields filled per type below.
  let structure: number | null = null;
  let typeOther: string | null = null;
  let built: BuiltPick | null = null;
  let price = 0;
  let yieldPct: number | null = null;
  let income: { month: number; year: number } | null = null;
  let layout: string | null = null;
  let layoutMain: string | null = null;
  let units = 0;
  let ground = 0;
  let under = 0;
  let floorLocation: number | null = null;
  let buildingSize: number | null = null;
  let occupied: number | null = null;
  let landSize: number | null = null;
  let zone: Zone | null = null;
  let serviceCharge: number | null = null;
  let maintenanceFee: number | null = null;
  let name = "";
  let vacancyCd = 1;
  let vacancyOther: string | null = null;
  const rentLevel = REGION_RENT[region];

  const ageOf = (b: BuiltPick | null) => (b ? Math.max(0, nowYear - b.year) : 0);
  const ageDiscount = (age: number) => 1 - Math.min(0.35, age * 0.008);
  const occupancy = () => {
    vacancyCd = rng.pickWeighted([
      [1, 58],
      [2, 42],
    ] as const);
  };

  /** Sizes of a residential building from income, layout and zoning. */
  const residential = (kind: "mansion" | "apartment", layoutPool: readonly (readonly [string, number])[]) => {
    layoutMain = rng.pickWeighted(layoutPool);
    const info = layoutInfo(layoutMain);
    const rent = info.rent * rentLevel * ageDiscount(ageOf(built));
    // Apartments stay small (at most 18 units): a richer income means larger or better-placed rooms.
    units = Math.max(kind === "mansion" ? 6 : 4, Math.round((income?.month ?? 0) / rent));
    if (kind === "apartment") units = Math.min(18, units);
    // Some buildings mix a few family units on the top floor.
    if (kind === "mansion" && units >= 12 && rng.chance(0.35)) {
      const fam = Math.max(1, Math.round(units * 0.15));
      layout = `${layoutMain}×${units - fam}戸・2LDK×${fam}戸`;
    } else {
      layout = `${layoutMain}×${units}戸`;
    }
    buildingSize = Math.round(units * info.area * (kind === "mansion" ? 1.25 : 1.1) * 100) / 100;
    if (kind === "mansion") {
      zone = pickZone(rng, central ? "central" : "suburb");
      landSize = Math.round((buildingSize / (zone.far / 100) / rng.float(0.75, 0.98)) * 100) / 100;
      ground = Math.min(15, Math.max(3, Math.ceil(buildingSize / (landSize * (zone.bdr / 100) * 0.9))));
      under = rng.chance(0.08) ? 1 : 0;
    } else {
      zone = pickZone(rng, "apartment");
      ground = units > 10 || rng.chance(0.2) ? 3 : 2;
      landSize = Math.round((buildingSize / ground / (zone.bdr / 100) / rng.float(0.75, 0.95)) * 100) / 100;
    }
  };

  switch (typeCd) {
    case 1: {
      structure = rng.pickWeighted([
        [2, 65],
        [1, 15],
        [3, 20],
      ] as const);
      built = pickBuilt(rng, "mansion", now, 0.02);
      price = nicePrice(rng, rng.logFloat(15_000, 80_000) * (central ? 1.1 : 0.9));
      price = Math.min(80_000, Math.max(15_000, price));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 5.5, 8, ageOf(built) / 45, region)));
      residential("mansion", [
        ["1K", 50],
        ["1LDK", 20],
        ["1DK", 10],
        ["2LDK", 12],
        ["1R", 8],
      ]);
      name = mansionName(rng, place);
      occupancy();
      break;
    }
    case 2: {
      structure = rng.pickWeighted([
        [5, 60],
        [4, 30],
        [3, 10],
      ] as const);
      built = pickBuilt(rng, "apartment", now, 0.06);
      price = Math.min(12_000, Math.max(3_000, nicePrice(rng, rng.logFloat(3_000, 12_000))));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 7, 11, ageOf(built) / 35, region)));
      residential("apartment", [
        ["1K", 55],
        ["1LDK", 20],
        ["2DK", 10],
        ["1R", 15],
      ]);
      name =
        built.year < 1985 && rng.chance(0.6)
          ? `${place}${rng.pick(SO_NAMES)}`
          : rng.chance(0.7)
            ? `${rng.pick(APARTMENT_PREFIXES)}${place}`
            : `${place}${rng.pick(["ハイツ", "コーポ", "テラス", "ヴィラ"])}`;
      occupancy();
      break;
    }
    case 3: {
      structure = rng.pickWeighted([
        [2, 45],
        [1, 25],
        [3, 30],
      ] as const);
      built = pickBuilt(rng, "building", now, 0);
      price = Math.min(120_000, Math.max(10_000, nicePrice(rng, central ? rng.logFloat(15_000, 120_000) : rng.logFloat(10_000, 45_000))));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 5, 8.5, ageOf(built) / 50, region)));
      const perSqm = rng.float(2_200, 4_200) * rentLevel * ageDiscount(ageOf(built));
      buildingSize = Math.round((income.month / perSqm / 0.8) * 100) / 100;
      zone = pickZone(rng, "building");
      landSize = Math.round((buildingSize / (zone.far / 100) / rng.float(0.7, 0.95)) * 100) / 100;
      ground = Math.min(14, Math.max(3, Math.ceil(buildingSize / (landSize * (zone.bdr / 100) * 0.95))));
      under = rng.chance(0.25) ? 1 : 0;
      units = Math.max(2, Math.round(ground * rng.float(0.8, 2)));
      layout = rng.pick(["店舗・事務所", `1階店舗／2〜${ground}階事務所`, "事務所", `1階店舗／2〜${ground}階住居`]);
      name = rng.pick([
        `${place}ビル`,
        `第${rng.pick(["一", "二", "三", "五"])}${rng.pick(SURNAMES)[0]}ビル`,
        `${place}センタービル`,
        `${rng.pick(MANSION_PREFIXES)}${place}ビル`,
        cleanStationName(stationName) ? `${cleanStationName(stationName)}駅前ビル` : `${place}第二ビル`,
      ]);
      occupancy();
      break;
    }
    case 4: {
      structure = rng.pickWeighted([
        [5, 85],
        [4, 15],
      ] as const);
      built = pickBuilt(rng, "house", now, 0);
      price = Math.min(3_000, Math.max(800, nicePrice(rng, rng.logFloat(800, 3_000))));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 8, 13, ageOf(built) / 50, region)));
      layoutMain = rng.pick(["2DK", "3DK", "3LDK", "4DK", "4LDK", "2LDK"]);
      layout = layoutMain;
      units = 1;
      ground = rng.chance(0.85) ? 2 : rng.chance(0.5) ? 3 : 1;
      buildingSize = Math.round(rng.float(55, 115) * 100) / 100;
      zone = pickZone(rng, "house");
      landSize = Math.round(Math.max(buildingSize / ground / (zone.bdr / 100), rng.float(50, 150)) * 100) / 100;
      name = rng.pick([
        `${shortPlace(loc.muni.name)}${district.base} 戸建`,
        `${district.base} 貸家`,
        `${place} オーナーチェンジ戸建`,
        `${shortPlace(loc.muni.name)}${district.base} ${layoutMain}戸建`,
      ]);
      vacancyCd = rng.chance(0.7) ? 1 : 3;
      break;
    }
    case 5: {
      zone = pickZone(rng, rng.chance(0.4) ? "central" : "house");
      landSize = Math.round(rng.logFloat(80, 600) * 100) / 100;
      const [lo, hi] = REGION_LAND[region];
      price = Math.min(30_000, Math.max(1_000, nicePrice(rng, (landSize / SQM_PER_TSUBO) * rng.float(lo, hi))));
      name = rng.pick([`${shortPlace(loc.muni.name)}${district.base} 売土地`, `${district.base} 建築用地`, `${place} 収益用地`]);
      vacancyCd = 4;
      vacancyOther = rng.chance(0.7) ? "更地" : "古家あり";
      break;
    }
    case 6: {
      structure = rng.pickWeighted([
        [2, 70],
        [1, 30],
      ] as const);
      built = pickBuilt(rng, "unit", now, 0);
      price = Math.min(2_500, Math.max(600, nicePrice(rng, rng.logFloat(600, 2_500))));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 5, 9, ageOf(built) / 45, region)));
      layoutMain = price < 1_100 ? rng.pick(["1R", "1K"]) : price < 1_700 ? rng.pick(["1K", "1DK", "1LDK"]) : rng.pick(["2DK", "2LDK", "3LDK"]);
      layout = layoutMain;
      occupied = Math.round(layoutInfo(layoutMain).area * rng.float(0.85, 1.15) * 100) / 100;
      ground = rng.int(5, 15);
      floorLocation = rng.int(2, ground);
      units = rng.int(20, 120);
      landSize = Math.round(rng.float(250, 1500) * 100) / 100;
      zone = pickZone(rng, central ? "central" : "suburb");
      serviceCharge = rng.int(5, 15) * 1000;
      maintenanceFee = rng.int(3, 18) * 1000;
      name = `${mansionName(rng, place)} ${floorLocation}階`;
      vacancyCd = rng.chance(0.75) ? 1 : 3;
      break;
    }
    default: {
      const other = rng.pick(region === "kyoto" ? OTHER_TYPES : OTHER_TYPES.filter((o) => o.label !== "簡易宿所"));
      typeOther = other.label;
      structure = other.structures.length ? rng.pick<number>(other.structures) : null;
      built = structure ? pickBuilt(rng, other.kind === "land" ? "building" : other.kind, now, 0) : null;
      price = nicePrice(rng, rng.logFloat(3_000, 40_000));
      ({ income, yield: yieldPct } = incomeFor(price, targetYield(rng, 6, 9, ageOf(built) / 45, region)));
      zone = pickZone(rng, other.kind === "building" ? "building" : "suburb");
      landSize = Math.round(rng.float(90, 600) * 100) / 100;
      if (structure) {
        ground = other.kind === "building" || other.kind === "mansion" ? rng.int(3, 6) : 2;
        buildingSize = Math.round(landSize * (zone.bdr / 100) * ground * rng.float(0.7, 0.95) * 100) / 100;
        units = other.kind === "house" ? 2 : rng.int(4, 30);
      }
      name = `${place} ${other.label}`;
      occupancy();
      break;
    }
  }

  const future = !!built && (built.year > nowYear || (built.year === nowYear && (built.month ?? 1) > jstYearMonth(now).month));
  if (future) {
    vacancyCd = 4;
    vacancyOther = "新築（満室想定）";
  }
  const age = ageOf(built);
  const cert = built ? rng.chance(age < 25 ? 0.8 : 0.45) : false;
  const repairYear = built && !future && age > 15 && rng.chance(0.5) ? rng.int(built.year + 12, nowYear - 1) : null;
  const elevator = ground >= 5 || (ground === 4 && rng.chance(0.3));
  const parking = typeCd !== 6 && typeCd !== 5 && rng.chance(typeCd === 2 || typeCd === 4 ? 0.5 : 0.35);
  const landRights = rng.pickWeighted([
    [1, 93],
    [2, 5],
    [3, 2],
  ] as const);
  const leasehold = landRights !== 1;

  /* ---------------- price changes */
  // Histories of every kind the 表示規約 rule tells apart (src/lib/former-price.ts), so the demo shows
  // it working: a cut whose former price was offered two months or more and is under six months
  // old (shown), one offered less (not shown), one older than six months (no longer shown), two
  // cuts within two months (the second not shown), and a rise. Dates walk back from now.
  const history: HistoryRow[] = [];
  const mode = rng.next();
  let registeredDaysAgo = rng.int(2, 400);
  if (mode < rates.priceDown + rates.priceUp) {
    const rise = mode >= rates.priceDown;
    const kind = rise
      ? "rise"
      : rng.pickWeighted([
          ["shown", 55],
          ["short", 20],
          ["expired", 10],
          ["double", 15],
        ] as const);
    // Days ago of each change, oldest first, and how long the price before each was offered.
    const lastAgo = kind === "expired" ? rng.int(190, 320) : kind === "double" ? rng.int(3, 120) : rng.int(1, 170);
    const changesAgo: number[] = [lastAgo];
    const offered: number[] = [kind === "short" ? rng.int(10, 58) : kind === "double" ? rng.int(20, 50) : rng.int(62, 200)];
    if (kind === "double" || (kind === "shown" && rng.chance(0.3))) {
      changesAgo.unshift(lastAgo + offered[0]!);
      offered.unshift(rng.int(62, 150));
    }
    registeredDaysAgo = changesAgo[0]! + offered[0]!;
    // Walk back from the current price to the first asking price.
    const prices = [price];
    for (let i = 0; i < changesAgo.length; i++) {
      const cur = prices[0] ?? price;
      let prev = nicePrice(rng, cur * (rise ? rng.float(0.9, 0.96) : rng.float(1.03, 1.1)));
      if (!rise && prev <= cur) prev = cur + (cur >= 10_000 ? 500 : 50);
      if (rise && prev >= cur) prev = cur - (cur >= 10_000 ? 500 : 50);
      prices.unshift(prev);
    }
    for (let i = 0; i < changesAgo.length; i++) {
      const at = new Date(now.getTime() - changesAgo[i]! * DAY - rng.int(0, 8) * 3_600_000);
      history.push({ price: prices[i + 1] ?? price, price_before: prices[i] ?? price, changed_at: at });
    }
  }
  const registered = new Date(now.getTime() - registeredDaysAgo * DAY - rng.int(0, 8) * 3_600_000);
  // Registered before its first change, so the first price's 公表日 is the registration.
  const first = history[0];
  if (first && registered.getTime() >= first.changed_at.getTime()) registered.setTime(first.changed_at.getTime() - DAY);

  /* ---------------- copy */
  const struct = structure ? structureName(structure) : null;
  const typeLabel = typeName(typeCd, typeOther) ?? "";
  const copy: CopyContext = {
    typeCd,
    typeLabel,
    structLabel: struct,
    station: stationName,
    line: walkEntry?.line_name ?? loc.primary.line_name,
    walk: walkEntry?.distance === 1 ? (walkEntry.station_walk ?? null) : null,
    bus: walkEntry?.bus_time ?? null,
    cityName: loc.muni.name,
    districtBase: district.base,
    region,
    built,
    age,
    future,
    units,
    layoutMain,
    layout,
    yieldPct,
    vacancyCd,
    cert,
    repairYear,
    landSize,
    zone,
    occupied,
    floorLocation,
    elevator,
    parking,
    leasehold,
    typeOther,
    name,
  };
  const main = assertClean(mainComment(rng, copy), "comments.main");
  const pool = subSentences(copy);
  const picked = opts.compact ? rng.sample(pool.slice(0, -2), 1) : [...rng.sample(pool.slice(0, -2), rng.int(2, 3)), rng.pick(pool.slice(-2))];
  const lastChange = history[history.length - 1];
  // Says the price changed, not what it was: no comparison, so any cut may carry it.
  if (lastChange && lastChange.price < (lastChange.price_before ?? 0)) picked.unshift("価格を見直しました。この機会にぜひご検討ください。");
  const sub = assertClean(picked.join(""), "comments.sub");
  assertClean(name, "name");

  /* ---------------- dates and flags */
  // 情報更新日 within the last 13 Japan days, so that 次回更新予定日 = 情報更新日 + 14 (the 表示規約
  // limit, src/schemas/admin/investment.ts) is tomorrow at the earliest, whatever the hour of seeding.
  const updatedDaysAgo = Math.min(registeredDaysAgo, rng.int(0, 13));
  const earliestUpdate = Date.parse(`${addDaysIso(isoDateJst(now), -13)}T00:00:00+09:00`);
  const updateAt = new Date(Math.max(registered.getTime(), earliestUpdate, now.getTime() - updatedDaysAgo * DAY - rng.int(0, 6) * 3_600_000));
  const nextUpdate = nextUpdateLimit(updateAt);
  const isPublic = !rng.chance(rates.unpublished);
  // The stored former-price columns as the editor's save and the migration set them (the six-month window at `now` too).
  const priceState = { price, ...storedStateFor({ history, publicAt: isPublic ? registered : null, currentPrice: price }, now) };
  const transactions = rng.pickWeighted([
    [3, 40],
    [4, 25],
    [1, 20],
    [5, 10],
    [2, 5],
  ] as const);
  const roads = rng.chance(0.3) ? 2 : 1;
  const dirs = ["北", "南", "東", "西", "北東", "南東", "南西", "北西"];
  const assign = future
    ? `${built?.year}年${Math.min(12, (built?.month ?? 3) + 1)}月予定`
    : rng.pickWeighted([
        ["相談", 65],
        ["即時", 25],
        ["決済時", 10],
      ] as const);
  const zoneOf = zone as Zone | null;

  const base = {
    id,
    no: `K-${String(id).padStart(6, "0")}`,
    type_cd: typeCd,
    type_other: typeOther,
    name,
    pref_cd: loc.muni.pref_cd,
    city_cd: loc.muni.code,
    district_cd: district.full,
    locality: pickLocality(rng),
    address_cd: null,
    map: { lat: Math.round(loc.lat * 1e6) / 1e6, lng: Math.round(loc.lon * 1e6) / 1e6, zoom: 16 },
    price: priceState.price,
    price_before: priceState.price_before,
    income,
    yield: yieldPct,
    service_charge: serviceCharge,
    maintenance_fee: maintenanceFee,
    structure_cd: structure,
    structure_other: null,
    // No basement is an empty field (the editor's rule: floor counts are nonzero), never 0.
    floor: typeCd === 5 || !structure ? null : { ground, under: under || null, location: floorLocation },
    built: built ? { year: built.year, month: built.month } : null,
    building_size: buildingSize,
    occupied_size: occupied,
    layout,
    total_units: units || null,
    specifications:
      typeCd === 5 || !structure
        ? null
        : {
            parking: parking ? `有（${rng.int(1, Math.max(2, Math.round(units / 3)))}台）` : "無",
            elevator: elevator ? "有" : "無",
            renovation: repairYear ? `${repairYear}年 外壁改修・屋上防水` : null,
            separat: layoutMain && typeCd !== 3 ? (built && built.year >= 1995 ? "バス・トイレ別" : rng.pick(["バス・トイレ別", "3点ユニット"])) : null,
          },
    features: { cert, repair: repairYear !== null, repair_note: repairYear ? `${repairYear}年 大規模修繕工事実施` : null },
    land_size: landSize,
    land_type: 1,
    land_note: rng.chance(0.2) ? "私道負担なし" : null,
    // 地代 is monthly: a unit (区分) pays its share (5,000–20,000円), a whole building's plot 20,000–150,000円.
    land_rights: { type: landRights, other: null, fee: leasehold ? (typeCd === 6 ? rng.int(5, 20) * 1_000 : rng.int(2, 15) * 10_000) : null },
    land_use_1: zoneOf?.name ?? null,
    land_use_2: null,
    land_ratio: zoneOf ? { bdr_1: zoneOf.bdr, far_1: zoneOf.far, bdr_2: null, far_2: null } : null,
    land_cat: { cd: 1, other: null },
    land_plan: { cd: 1, other: null },
    land_corner: roads === 2 ? "角地" : null,
    land_road: Array.from({ length: roads }, (_, i) => ({
      direction: dirs[(rng.int(0, 7) + i * 2) % 8] ?? "南",
      width: rng.pick([4, 4.5, 5, 6, 8, 10, 12, 16]),
      kind: rng.chance(0.85) ? "公道" : "私道",
      frontage: Math.round(rng.float(5, 25) * 10) / 10,
    })),
    vacancy: { cd: vacancyCd, other: vacancyOther },
    assign,
    transactions,
    original:
      transactions !== 1 && rng.chance(0.5)
        ? {
            reins: `1000${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
            check_at: isoDateJst(updateAt),
            staff: rng.pick(SURNAMES)[0],
            company: rng.pick(AGENT_COMPANIES),
            tel: fakeTel(rng, loc.muni.pref_cd === 26 ? "075" : loc.muni.pref_cd === 28 ? "078" : "06"),
          }
        : null,
    comments: { main, sub },
    public: isPublic,
    members: rng.chance(rates.members),
    premium: rng.chance(rates.premium),
    price_down: priceState.price_down,
    price_down_at: priceState.price_down_at,
    price_before_since: priceState.price_before_since,
    registered_at: isoDateJst(registered),
    update_at: updateAt,
    next_update_at: nextUpdate,
    not_updated_at: null,
    public_at: isPublic ? registered : null,
    created_by: opts.createdBy ?? null,
    created_at: registered,
    updated_at: updateAt,
  } satisfies Omit<InvestmentRow, keyof ReturnType<typeof deriveInvestment> | keyof typeof econ.columns>;

  // A fork taken after every draw above: the economics change nothing else of the listing.
  const econ = seedEconomics(rng.fork("economics"), {
    typeCd,
    region,
    muniName: loc.muni.name,
    zoneName: zoneOf?.name ?? null,
    price: priceState.price,
    monthlyIncome: income?.month ?? null,
    structure,
    built,
    age,
    future,
    vacancyCd,
    leasehold,
    units,
    layout,
    ground,
    buildingSize,
    landSize,
    repairYear,
    nowYear,
    compact: opts.compact ?? false,
  });
  const withEconomics = { ...base, ...econ.columns };
  const derived = deriveInvestment({ ...withEconomics, rent_roll: econ.rentRoll.map(rentRollRowOf) }, loc.transports, now);
  return {
    row: { ...withEconomics, ...derived },
    transports: loc.transports,
    history,
    region,
    floors: typeCd === 5 ? 0 : ground,
    rentRoll: econ.rentRoll,
    repairs: econ.repairs,
  };
}
