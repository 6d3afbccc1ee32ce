/**
 * One test per search parameter on the demo data (340 listings seeded at NOW)
 * plus handmade listings on the boundaries: the search service's ids must be
 * exactly those of a hand-written SQL condition (or, for free words, of a
 * plain JavaScript reading of the rule).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isNotNull } from "drizzle-orm";
import { residualAt, residualYears } from "@/lib/age";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import { investments } from "@/server/db/schema";
import type { Db } from "@/server/db";
import { countInvestments } from "@/server/search/sql";
import { DAY, NOW, VISITOR_SQL, insertListing, openSearchDb, searchIdSet, sqlIds, stationsNamed, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const h = {} as Record<
  | "ascii"
  | "built20"
  | "built21"
  | "busUmeda"
  | "company"
  | "landSmall"
  | "membersOnly"
  | "new7"
  | "overdue"
  | "priceHigh"
  | "priceLow"
  | "quote"
  | "residual10"
  | "woodSince2000"
  | "netYield5"
  | "netYieldNone"
  | "sekisan70"
  | "freeholdFull"
  | "tail"
  | "unitSmall"
  | "unpublished"
  | "walkUmeda12",
  number
>;
let umeda: { station_cd: number; group_cd: number; line_cd: number };
let nakatsu: { station_cd: number; group_cd: number; line_cd: number };

const q = (qs: string, admin = false): SearchQuery => parseSearchParams(new URLSearchParams(qs), { admin });

/** The search (admin audience: no visibility) against hand-written SQL. */
async function expectSame(qs: string, where: string, args: (string | number | null)[] = [], admin = true): Promise<number[]> {
  const expected = await sqlIds(db, where, args);
  const got = await searchIdSet(db, "admin", q(qs, admin));
  expect(got, qs).toEqual(expected);
  expect(await countInvestments(db, "admin", q(qs, admin), NOW), `count ${qs}`).toBe(expected.length);
  return expected;
}

let total = 0;
/** The condition must select something and not everything, or the test proves little. */
function meaningful(ids: number[]): void {
  expect(ids.length).toBeGreaterThan(0);
  expect(ids.length).toBeLessThan(total);
}

beforeAll(async () => {
  t = await openSearchDb({ demo: true });
  db = t.db;
  umeda = (await stationsNamed(db, "梅田"))[0]!;
  nakatsu = (await stationsNamed(db, "中津"))[0]!;
  const iso = (ms: number) => new Date(ms);

  h.priceLow = await insertListing(db, { name: "境界価格レジデンス", keywords: "境界価格レジデンス", price: 5000, area_cd: 3, yield: null });
  h.priceHigh = await insertListing(db, { name: "上限価格ハイツ", keywords: "上限価格ハイツ", price: 20000, area_cd: 3, yield: 8 });
  h.unitSmall = await insertListing(db, { type_cd: 6, occupied_size: 25, land_size: 500, name: "区分テスト" });
  h.landSmall = await insertListing(db, { type_cd: 1, land_size: 25, occupied_size: null, name: "土地小" });
  h.tail = await insertListing(db, { name: "ハイツ淀屋", keywords: "ハイツ淀屋" });
  h.ascii = await insertListing(db, { name: "ABC Court", keywords: "ABC Court 大阪市北区" });
  h.quote = await insertListing(db, { name: 'クォート"テスト"館', keywords: 'クォート"テスト"館' });
  h.busUmeda = await insertListing(db, { name: "バス梅田", keywords: "", station_time: 3 }, [
    { ...umeda, station_name: "梅田", distance: 2, station_walk: null, bus_time: 12 },
    { ...nakatsu, station_name: "中津", distance: 1, station_walk: 3 },
  ]);
  h.walkUmeda12 = await insertListing(db, { name: "徒歩梅田", keywords: "", station_time: 12 }, [
    { ...umeda, station_name: "梅田", distance: 1, station_walk: 12 },
  ]);
  h.overdue = await insertListing(db, { name: "更新切れ", not_updated_at: iso(NOW.getTime() - DAY) });
  h.unpublished = await insertListing(db, { name: "非公開", public: false });
  h.membersOnly = await insertListing(db, { name: "会員限定", members: true });
  h.built20 = await insertListing(db, { name: "築20年ちょうど", built_at: "2006-11-01" });
  h.built21 = await insertListing(db, { name: "築20年超え", built_at: "2006-10-01" });
  h.residual10 = await insertListing(db, { name: "残存10年ちょうど", residual_at: "2036-11-01" });
  // 木造 built 2000-04: the legal life (22 years) ended 2022-04; the 簡便法 period (22 × 0.2 = 4 years from now) would not have
  h.woodSince2000 = await insertListing(db, {
    name: "木造2000年",
    structure_cd: 5,
    built: { year: 2000, month: 4 },
    built_at: "2000-04-01",
    residual_at: residualAt(5, { year: 2000, month: 4 }),
  });
  // issue 33: the boundaries of ny / sk, a gross yield without a net one, 所有権 and 現況満室
  h.netYield5 = await insertListing(db, { name: "実質5%ちょうど", yield: 6.8, net_yield: 5, sekisan_ratio: 69.99 });
  h.netYieldNone = await insertListing(db, { name: "実質なし", yield: 9, net_yield: null, sekisan_ratio: null });
  h.sekisan70 = await insertListing(db, { name: "積算比70%ちょうど", yield: 5, net_yield: 4.99, sekisan_ratio: 70 });
  h.freeholdFull = await insertListing(db, { name: "所有権満室", freehold: true, is_full: true, net_yield: 7.25, sekisan_ratio: 120 });
  h.new7 = await insertListing(db, { name: "7日前公開", public_at: iso(NOW.getTime() - 7 * DAY) });
  h.company = await insertListing(db, { name: "元付あり", no: "Z-999", original: { company: "三井不動産リアルティ" }, district_cd: "心斎橋筋一丁目" });
  const [row] = await db.$client.execute("SELECT count(*) AS n FROM investments").then((r) => r.rows);
  total = Number(row?.n);
});

afterAll(() => t?.cleanup());

describe("place", () => {
  it("re: area ids (several = OR)", async () => {
    meaningful(await expectSame("re=3", "area_cd = 3"));
    meaningful(await expectSame("re=1&re=6", "area_cd IN (1, 6)"));
  });

  it("pf: prefectures", async () => {
    meaningful(await expectSame("pf=28", "pref_cd = 28"));
    meaningful(await expectSame("pf=26,28", "pref_cd IN (26, 28)"));
  });

  it("ct: municipalities; a designated city matches its wards", async () => {
    const osaka = await expectSame("ct=271004", "city_cd IN (SELECT code FROM municipalities WHERE code = '271004' OR parent_code = '271004')");
    meaningful(osaka);
    expect(osaka).toContain(h.priceLow);
    meaningful(await expectSame("ct=281000", "city_cd IN (SELECT code FROM municipalities WHERE code = '281000' OR parent_code = '281000')"));
    meaningful(
      await expectSame(
        "ct=261009&ct=271403",
        "city_cd IN (SELECT code FROM municipalities WHERE code IN ('261009','271403') OR parent_code IN ('261009','271403'))",
      ),
    );
    // a ward on its own is just that ward
    meaningful(await expectSame("ct=271021", "city_cd = '271021'"));
  });

  it("dt: 町名 prefix", async () => {
    const ids = await expectSame("dt=心斎橋", "district_cd LIKE '心斎橋%'");
    expect(ids).toContain(h.company);
    const [sample] = (await db.$client.execute("SELECT district_cd FROM investments WHERE id < 100 LIMIT 1")).rows;
    const prefix = [...String(sample?.district_cd)].slice(0, 2).join("");
    meaningful(await expectSame(`dt=${encodeURIComponent(prefix)}`, "substr(district_cd, 1, 2) = ?", [prefix]));
  });
});

describe("property", () => {
  it("ty: types (several = OR), 99 その他 included", async () => {
    meaningful(await expectSame("ty=1", "type_cd = 1"));
    meaningful(await expectSame("ty=2&ty=6", "type_cd IN (2, 6)"));
    meaningful(await expectSame("ty=99", "type_cd = 99"));
  });

  it("sc: structures", async () => {
    meaningful(await expectSame("sc=5", "structure_cd = 5"));
    meaningful(await expectSame("sc=1,2", "structure_cd IN (1, 2)"));
  });

  it("lp/hp: price range in 万円, inclusive", async () => {
    const ids = await expectSame("lp=5000&hp=20000", "price >= 5000 AND price <= 20000");
    meaningful(ids);
    expect(ids).toEqual(expect.arrayContaining([h.priceLow, h.priceHigh]));
    meaningful(await expectSame("lp=5001", "price > 5000"));
    meaningful(await expectSame("hp=4999", "price < 5000"));
  });

  it("ly/hy: gross yield, inclusive; no yield never matches", async () => {
    const ids = await expectSame("ly=8", "yield >= 8");
    meaningful(ids);
    expect(ids).toContain(h.priceHigh);
    meaningful(await expectSame("hy=6.5", "yield <= 6.5"));
    const all = await expectSame("hy=100", "yield IS NOT NULL");
    expect(all).not.toContain(h.priceLow);
    meaningful(await expectSame("ly=6&hy=7.5", "yield BETWEEN 6 AND 7.5"));
  });

  it("bt: built within N years (built_at ≥ first day of the month N years ago, JST)", async () => {
    const ids = await expectSame("bt=20", "built_at >= '2006-11-01'");
    meaningful(ids);
    expect(ids).toContain(h.built20);
    expect(ids).not.toContain(h.built21);
    meaningful(await expectSame("bt=5", "built_at >= '2021-11-01'"));
  });

  it("rs: remaining legal life at least N years (residual_at, the month the legal life ends, ≥ this month + N years)", async () => {
    const ids = await expectSame("rs=10", "residual_at >= '2036-11-01'");
    meaningful(ids);
    expect(ids).toContain(h.residual10);
    meaningful(await expectSame("rs=30", "residual_at >= '2056-11-01'"));
    // past its legal life: no 残存 left, whatever the 簡便法 would lend on
    expect(await expectSame("rs=1", "residual_at >= '2027-11-01'")).not.toContain(h.woodSince2000);
  });

  it("rs reads the economics model's 残存耐用年数 (法定 − 経過, derive.ts): exactly the listings with residualYears ≥ N", async () => {
    const rows = await db
      .select({ id: investments.id, structure_cd: investments.structure_cd, steel: investments.steel_thickness, built: investments.built })
      .from(investments)
      .where(isNotNull(investments.built))
      .all();
    expect(rows.length).toBeGreaterThan(100);
    const withBuilt = new Set(rows.map((r) => r.id));
    for (const n of [1, 5, 10, 20, 30]) {
      const want = rows
        .filter((r) => (residualYears({ structure_cd: r.structure_cd, steel_thickness_mm: r.steel }, r.built, NOW) ?? -1) >= n)
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const got = (await searchIdSet(db, "admin", q(`rs=${n}`))).filter((id) => withBuilt.has(id));
      expect(got, `rs=${n}`).toEqual(want);
      if (n === 10) meaningful(got);
    }
  });

  it("ny: 実質利回り at least N %, inclusive, decimals; no 実質利回り never matches", async () => {
    const ids = await expectSame("ny=5", "net_yield >= 5");
    meaningful(ids);
    expect(ids).toContain(h.netYield5);
    expect(ids).not.toContain(h.sekisan70);
    // a negative 実質利回り (costs above income) fails even ny=0
    expect(await expectSame("ny=0", "net_yield >= 0")).not.toContain(h.netYieldNone);
    meaningful(await expectSame("ny=6.5", "net_yield >= 6.5"));
  });

  it("sk: 積算比 at least N %, inclusive; no 積算 never matches", async () => {
    const ids = await expectSame("sk=70", "sekisan_ratio >= 70");
    meaningful(ids);
    expect(ids).toContain(h.sekisan70);
    expect(ids).not.toContain(h.netYield5);
    expect(await expectSame("sk=0", "sekisan_ratio IS NOT NULL")).not.toContain(h.netYieldNone);
    meaningful(await expectSame("sk=120.5", "sekisan_ratio >= 120.5"));
    meaningful(await expectSame("ny=5&sk=70", "net_yield >= 5 AND sekisan_ratio >= 70"));
  });

  it("ow: 所有権のみ (freehold); oc: 現況満室 (is_full, the column fs=5 reads)", async () => {
    const freehold = await expectSame("ow=1", "freehold = 1");
    meaningful(freehold);
    expect(freehold).toContain(h.freeholdFull);
    const full = await expectSame("oc=1", "is_full = 1");
    meaningful(full);
    expect(await searchIdSet(db, "admin", q("fs=5"))).toEqual(full);
    meaningful(await expectSame("ow=1&oc=1&ny=5", "freehold = 1 AND is_full = 1 AND net_yield >= 5"));
  });

  it("ls/hs: area range — occupied_size for 区分 (type 6), land_size otherwise", async () => {
    const small = await expectSame("ls=20&hs=30", "(type_cd = 6 AND occupied_size BETWEEN 20 AND 30) OR (type_cd <> 6 AND land_size BETWEEN 20 AND 30)");
    expect(small).toEqual(expect.arrayContaining([h.unitSmall, h.landSmall]));
    const big = await expectSame("ls=400", "(type_cd = 6 AND occupied_size >= 400) OR (type_cd <> 6 AND land_size >= 400)");
    meaningful(big);
    expect(big).not.toContain(h.unitSmall); // its land is 500 ㎡, but a unit is measured by its own area
    meaningful(await expectSame("hs=50", "CASE WHEN type_cd = 6 THEN occupied_size ELSE land_size END <= 50"));
  });

  it("sf: 取引態様", async () => {
    meaningful(await expectSame("sf=1", "transactions = 1"));
    meaningful(await expectSame("sf=3,5", "transactions IN (3, 5)"));
  });

  it("ss: おすすめ (premium) only", async () => {
    meaningful(await expectSame("ss=1", "premium = 1"));
  });
});

describe("features (fs: every chosen one must hold)", () => {
  const cases: [string, string][] = [
    ["1", "residual_at >= '2046-11-21'"],
    ["2", "has_cert = 1"],
    ["3", "has_repair = 1"],
    ["4", "price_down = 1"],
    ["5", "is_full = 1"],
    ["7", "new_quake = 1"],
  ];
  for (const [fs, where] of cases) {
    it(`fs=${fs}: ${where}`, async () => {
      meaningful(await expectSame(`fs=${fs}`, where));
    });
  }

  it("several features: AND", async () => {
    meaningful(await expectSame("fs=2&fs=7", "has_cert = 1 AND new_quake = 1"));
    const both = await expectSame("fs=1,5", "residual_at >= '2046-11-21' AND is_full = 1");
    const either = await sqlIds(db, "residual_at >= '2046-11-21' OR is_full = 1");
    expect(both.length).toBeLessThan(either.length);
  });
});

describe("dates", () => {
  it("dy: published within N days", async () => {
    const ids = await expectSame("dy=7", "public_at >= ?", [NOW.getTime() - 7 * DAY]);
    meaningful(ids);
    expect(ids).toContain(h.new7);
    meaningful(await expectSame("dy=60", "public_at >= ?", [NOW.getTime() - 60 * DAY]));
  });

  it("up: updated within N days", async () => {
    meaningful(await expectSame("up=3", "update_at >= ?", [NOW.getTime() - 3 * DAY]));
    meaningful(await expectSame("up=10", "update_at >= ?", [NOW.getTime() - 10 * DAY]));
  });
});

describe("lines and stations", () => {
  const anyTransport = (cond: string) => `id IN (SELECT investment_id FROM investment_transports WHERE ${cond})`;

  it("st: a transport at one of the stations", async () => {
    const ids = await expectSame(`st=${umeda.station_cd}`, anyTransport(`station_cd = ${umeda.station_cd}`));
    meaningful(ids);
    expect(ids).toEqual(expect.arrayContaining([h.busUmeda, h.walkUmeda12]));
  });

  it("sl: a transport on one of the lines", async () => {
    meaningful(await expectSame(`sl=${umeda.line_cd}`, anyTransport(`line_cd = ${umeda.line_cd}`)));
    const [some] = (await db.$client.execute("SELECT line_cd FROM investment_transports GROUP BY line_cd ORDER BY count(*) DESC LIMIT 2")).rows;
    meaningful(await expectSame(`sl=${some?.line_cd}`, anyTransport(`line_cd = ${some?.line_cd}`)));
  });

  it("rg: a transport at a station of the groups (大阪/梅田 share a group)", async () => {
    meaningful(await expectSame(`rg=${umeda.group_cd}`, anyTransport(`group_cd = ${umeda.group_cd}`)));
  });

  it("sl, st and rg together: OR across the three", async () => {
    const [other] = (await db.$client.execute("SELECT line_cd FROM investment_transports WHERE line_cd <> ? LIMIT 1", [umeda.line_cd])).rows;
    const ids = await expectSame(
      `sl=${other?.line_cd}&st=${umeda.station_cd}&rg=${nakatsu.group_cd}`,
      anyTransport(`line_cd = ${other?.line_cd} OR station_cd = ${umeda.station_cd} OR group_cd = ${nakatsu.group_cd}`),
    );
    const onlyLine = await sqlIds(db, anyTransport(`line_cd = ${other?.line_cd}`));
    expect(ids.length).toBeGreaterThan(onlyLine.length);
  });

  it("sw alone: nearest walk (station_time) within N minutes", async () => {
    const ids = await expectSame("sw=10", "station_time <= 10");
    meaningful(ids);
    expect(ids).toContain(h.busUmeda); // 3 minutes to 中津 on foot
    expect(ids).not.toContain(h.walkUmeda12);
  });

  it("sw with a station: the matching transport itself must be on foot within N minutes", async () => {
    const ids = await expectSame(`st=${umeda.station_cd}&sw=10`, anyTransport(`station_cd = ${umeda.station_cd} AND distance = 1 AND station_walk <= 10`));
    expect(ids).not.toContain(h.busUmeda); // 梅田 by bus; the 3-minute walk is to another station
    expect(ids).not.toContain(h.walkUmeda12);
    const wider = await expectSame(`st=${umeda.station_cd}&sw=15`, anyTransport(`station_cd = ${umeda.station_cd} AND distance = 1 AND station_walk <= 15`));
    expect(wider).toContain(h.walkUmeda12);
    meaningful(
      await expectSame(
        `sl=${umeda.line_cd}&rg=${nakatsu.group_cd}&sw=5`,
        anyTransport(`(line_cd = ${umeda.line_cd} OR group_cd = ${nakatsu.group_cd}) AND distance = 1 AND station_walk <= 5`),
      ),
    );
  });
});

describe("free word (fw)", () => {
  let rows: { id: number; name: string; keywords: string }[] = [];
  beforeAll(async () => {
    rows = await db.select({ id: investments.id, name: investments.name, keywords: investments.keywords }).from(investments).all();
  });
  const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  /** The rule, read plainly: every term in name or keywords; 3+ chars case-insensitive, shorter ASCII case-insensitive. */
  const expected = (fw: string) => {
    const terms = fw.split(" ");
    return rows
      .filter((r) =>
        terms.every((t) =>
          [...t].length >= 3
            ? r.name.toLowerCase().includes(t.toLowerCase()) || r.keywords.toLowerCase().includes(t.toLowerCase())
            : asciiLower(r.name).includes(asciiLower(t)) || asciiLower(r.keywords).includes(asciiLower(t)),
        ),
      )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  };
  const check = async (raw: string) => {
    const query = q(`fw=${encodeURIComponent(raw)}`);
    const got = await searchIdSet(db, "admin", query);
    expect(got, raw).toEqual(expected(query.fw ?? ""));
    return got;
  };

  it("3+ characters: FTS5 trigram over name and keywords", async () => {
    meaningful(await check("レジデンス"));
    meaningful(await check("大阪市北区"));
    expect(await check("境界価格")).toEqual([h.priceLow]);
  });

  it("1-2 characters: instr on name / keywords, including the very end of the text", async () => {
    meaningful(await check("梅田"));
    expect(await check("淀屋")).toContain(h.tail); // the last two characters of both texts
    expect(await check("屋")).toContain(h.tail); // the last character
    expect(await check("淀")).toContain(h.tail); // the second to last
    meaningful(await check("駅"));
  });

  it("several terms: AND", async () => {
    const both = await check("ハイツ 淀屋");
    expect(both).toEqual([h.tail]);
    meaningful(await check("梅田 マンション"));
    expect(await check("淀屋 梅田")).not.toContain(h.tail);
  });

  it("case: FTS terms case-insensitive, short ASCII terms ASCII case-insensitive", async () => {
    expect(await check("abc")).toContain(h.ascii);
    expect(await check("cOURT")).toContain(h.ascii);
    expect(await check("ab")).toContain(h.ascii);
    expect(await check("AB")).toContain(h.ascii);
  });

  it("NFKC: full-width letters and spaces", async () => {
    expect(await check("ＡＢＣ")).toContain(h.ascii);
    expect(await check("ハイツ　淀屋")).toEqual([h.tail]);
  });

  it("double quotes are escaped in the FTS phrase", async () => {
    expect(await check('ト"テ')).toEqual([h.quote]);
    expect(await check('"テスト"')).toEqual([h.quote]);
    expect(await check('"')).toEqual([h.quote]);
  });

  it("a word nobody uses finds nothing", async () => {
    expect(await check("存在しない言葉")).toEqual([]);
    expect(await check("ゐゑ")).toEqual([]);
  });
});

describe("admin-only parameters", () => {
  it("no: property number prefix", async () => {
    expect(await expectSame("no=Z-9", "no LIKE 'Z-9%'")).toEqual([h.company]);
    meaningful(await expectSame("no=K-0001", "no LIKE 'K-0001%'"));
  });

  it("ps: publication state", async () => {
    meaningful(await expectSame("ps=public", VISITOR_SQL));
    meaningful(await expectSame("ps=members", "public = 1 AND members = 1 AND not_updated_at IS NULL"));
    expect(await expectSame("ps=private", "public = 0")).toContain(h.unpublished);
    meaningful(await expectSame("ps=premium", "premium = 1"));
    expect(await expectSame("ps=overdue", "not_updated_at IS NOT NULL")).toContain(h.overdue);
  });

  it("nu/xu: update_at between two days (JST, inclusive)", async () => {
    const from = new Date("2026-11-15T00:00:00+09:00").getTime();
    const to = new Date("2026-11-19T00:00:00+09:00").getTime();
    meaningful(await expectSame("nu=2026-11-15&xu=2026-11-18", "update_at >= ? AND update_at < ?", [from, to]));
    meaningful(await expectSame("nu=2026-11-20", "update_at >= ?", [new Date("2026-11-20T00:00:00+09:00").getTime()]));
    meaningful(await expectSame("xu=2026-11-10", "update_at < ?", [new Date("2026-11-11T00:00:00+09:00").getTime()]));
  });

  it("cp: source company substring", async () => {
    expect(await expectSame("cp=三井", "json_extract(original, '$.company') LIKE '%三井%'")).toContain(h.company);
  });

  it("are ignored for any audience but admin, even when present in the query", async () => {
    const withAdmin = q("re=3&ps=private&no=Z-9&cp=三井&nu=2030-01-01", true);
    const visitor = await searchIdSet(db, "visitor", withAdmin);
    expect(visitor).toEqual(await sqlIds(db, `${VISITOR_SQL} AND area_cd = 3`));
    expect(visitor.length).toBeGreaterThan(0);
  });
});

describe("combinations", () => {
  it("place + type + price", async () => {
    meaningful(await expectSame("re=3&ty=1&ty=2&lp=3000&hp=30000", "area_cd = 3 AND type_cd IN (1, 2) AND price BETWEEN 3000 AND 30000"));
  });

  it("type + yield + walk + age", async () => {
    meaningful(await expectSame("ty=1,2&ly=6&sw=15&bt=40", "type_cd IN (1, 2) AND yield >= 6 AND station_time <= 15 AND built_at >= '1986-11-01'"));
  });

  it("station + walk + price + features", async () => {
    const [busy] = (await db.$client.execute("SELECT group_cd FROM investment_transports GROUP BY group_cd ORDER BY count(*) DESC LIMIT 1")).rows;
    const g = Number(busy?.group_cd);
    const ids = await expectSame(
      `rg=${g}&sw=15&hp=50000`,
      `id IN (SELECT investment_id FROM investment_transports WHERE group_cd = ${g} AND distance = 1 AND station_walk <= 15) AND price <= 50000`,
    );
    expect(ids.length).toBeGreaterThan(0);
    await expectSame(
      `rg=${g}&fs=7&ty=1,2,6`,
      `id IN (SELECT investment_id FROM investment_transports WHERE group_cd = ${g}) AND new_quake = 1 AND type_cd IN (1,2,6)`,
    );
  });

  it("free word + place + type + yield", async () => {
    await expectSame(
      "fw=マンション&pf=27&ty=1&ly=5",
      // the keywords hold katakana folded to hiragana (derive.ts buildKeywords); the name as typed
      "(name LIKE '%マンション%' OR keywords LIKE '%まんしょん%') AND pref_cd = 27 AND type_cd = 1 AND yield >= 5",
    );
    await expectSame("fw=梅田&re=3&ss=1", "(instr(name, '梅田') > 0 OR instr(keywords, '梅田') > 0) AND area_cd = 3 AND premium = 1");
  });

  it("municipality + structure + area + dates", async () => {
    await expectSame(
      "ct=271004&sc=2&ls=20&dy=60",
      "city_cd IN (SELECT code FROM municipalities WHERE code = '271004' OR parent_code = '271004') AND structure_cd = 2 AND (CASE WHEN type_cd = 6 THEN occupied_size ELSE land_size END) >= 20 AND public_at >= ?",
      [NOW.getTime() - 60 * DAY],
    );
  });

  it("an impossible combination finds nothing", async () => {
    expect(await expectSame("ty=5&ly=50", "type_cd = 5 AND yield >= 50")).toEqual([]);
  });
});
