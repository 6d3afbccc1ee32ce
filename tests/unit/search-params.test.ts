import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADMIN_PARAM_KEYS,
  FW_MAX_TERMS,
  SEARCH_PARAM_KEYS,
  describeQuery,
  cityCodeRanges,
  expandCityCodes,
  freeWordTerms,
  isEmptyQuery,
  parseSearchParams,
  searchQuery,
  toQueryRecord,
  toSearchParams,
  type SearchQuery,
} from "@/schemas/search";

const parse = (qs: string, admin = false) => parseSearchParams(new URLSearchParams(qs), { admin });

/** One parameter's parsed value from a query string ("" → absent). */
const one = (qs: string, admin = false): unknown => {
  const q = parse(qs, admin) as Record<string, unknown>;
  const key = qs.split("=")[0]!.replace(/\[.*$/, "");
  return q[key];
};

describe("parseSearchParams: every parameter, valid and invalid values", () => {
  const cases: [string, string[], unknown[], string[]][] = [
    // key, valid query strings, expected values, invalid query strings
    ["re", ["re=3", "re=1&re=6", "re=6,1"], [[3], [1, 6], [1, 6]], ["re=0", "re=7", "re=a", "re=3.5", "re=-1", "re="]],
    ["pf", ["pf=27", "pf=26,28"], [[27], [26, 28]], ["pf=13", "pf=270"]],
    ["ct", ["ct=271004", "ct=271021&ct=281000"], [["271004"], ["271021", "281000"]], ["ct=999999", "ct=27100", "ct=abc"]],
    ["dt", ["dt=梅田", "dt=%20梅田一丁目%E3%80%80"], ["梅田", "梅田一丁目"], ["dt=", `dt=${"あ".repeat(51)}`]],
    ["ty", ["ty=1", "ty=6&ty=99"], [[1], [6, 99]], ["ty=7", "ty=0", "ty=98"]],
    ["sc", ["sc=5", "sc=1,2"], [[5], [1, 2]], ["sc=6", "sc=99"]],
    ["sl", ["sl=11602", "sl=11602,11603"], [[11602], [11602, 11603]], ["sl=0", "sl=x", "sl=100000000"]],
    ["st", ["st=1160214"], [[1160214]], ["st=-5", "st=1.5"]],
    ["rg", ["rg=1160214&rg=2800101"], [[1160214, 2800101]], ["rg=abc"]],
    ["sw", ["sw=10", "sw=1", "sw=120"], [10, 1, 120], ["sw=0", "sw=121", "sw=5.5", "sw=ten"]],
    ["lp", ["lp=5000", "lp=0", "lp=99999999", "lp=5,000"], [5000, 0, 99999999, 5000], ["lp=-1", "lp=100000000", "lp=1e4", "lp=50.5", "lp=5,00"]],
    ["hp", ["hp=20000"], [20000], ["hp=abc", "hp=0x10"]],
    ["ly", ["ly=8", "ly=7.5", "ly=0"], [8, 7.5, 0], ["ly=101", "ly=-1", "ly=NaN", "ly=Infinity"]],
    ["hy", ["hy=12.25"], [12.25], ["hy=200"]],
    ["ny", ["ny=5", "ny=6.25", "ny=0", "ny=１００"], [5, 6.25, 0, 100], ["ny=100.5", "ny=-1", "ny=NaN", "ny=abc"]],
    ["sk", ["sk=70", "sk=85.5", "sk=1000"], [70, 85.5, 1000], ["sk=1000.5", "sk=-10", "sk=Infinity"]],
    ["bt", ["bt=20", "bt=1", "bt=100"], [20, 1, 100], ["bt=0", "bt=101", "bt=2.5"]],
    ["rs", ["rs=10"], [10], ["rs=0", "rs=abc"]],
    ["ls", ["ls=100", "ls=50.5"], [100, 50.5], ["ls=-3", "ls=2000000"]],
    ["hs", ["hs=300"], [300], ["hs=x"]],
    ["fs", ["fs=1", "fs=7&fs=2", "fs=1,3,4,5"], [[1], [2, 7], [1, 3, 4, 5]], ["fs=6", "fs=0", "fs=8"]],
    ["ow", ["ow=1", "ow=on"], [true, true], ["ow=0", "ow=2"]],
    ["oc", ["oc=1", "oc=true"], [true, true], ["oc=0", "oc=no"]],
    ["ss", ["ss=1", "ss=true"], [true, true], ["ss=0", "ss=2", "ss=no"]],
    ["sf", ["sf=1", "sf=3,5"], [[1], [3, 5]], ["sf=6", "sf=0"]],
    ["dy", ["dy=7", "dy=3650"], [7, 3650], ["dy=0", "dy=3651"]],
    ["up", ["up=30"], [30], ["up=-2"]],
    ["fw", ["fw=梅田", "fw=梅田+駅近", "fw=%E3%80%80RC造%E3%80%80"], ["梅田", "梅田 駅近", "RC造"], ["fw=", "fw=%20%E3%80%80"]],
    [
      "sr",
      ["sr=price_asc", "sr=walk_asc", "sr=yield_desc", "sr=age_asc", "sr=price_desc", "sr=net_yield_desc", "sr=sekisan_desc", "sr=cf_desc"],
      ["price_asc", "walk_asc", "yield_desc", "age_asc", "price_desc", "net_yield_desc", "sekisan_desc", "cf_desc"],
      ["sr=cheap", "sr=PRICE_ASC"],
    ],
    ["page", ["page=2", "page=10000"], [2, 10000], ["page=0", "page=10001", "page=-1", "page=1.5"]],
  ];

  for (const [key, valid, expected, invalid] of cases) {
    it(`${key}: accepts ${valid.join(" | ")}`, () => {
      valid.forEach((qs, i) => expect(one(qs), qs).toEqual(expected[i]));
    });
    it(`${key}: drops ${invalid.join(" | ")}`, () => {
      for (const qs of invalid) expect(one(qs), qs).toBeUndefined();
    });
  }

  it("defaults are left out: sr=new and page=1 parse to nothing", () => {
    expect(parse("sr=new&page=1")).toEqual({});
  });

  it("keeps the valid elements of a list and drops the rest", () => {
    expect(parse("re=1,9,3&re=x&ty=1,7").re).toEqual([1, 3]);
    expect(parse("re=1,9,3&re=x&ty=1,7").ty).toEqual([1]);
  });

  it("for a single-valued key repeated, the first valid value wins", () => {
    expect(parse("lp=abc&lp=3000&lp=4000").lp).toBe(3000);
    expect(parse("sr=bad&sr=price_desc").sr).toBe("price_desc");
  });

  it("several fw values are joined as terms", () => {
    expect(parse("fw=梅田&fw=駅近").fw).toBe("梅田 駅近");
  });
});

describe("parseSearchParams: forms of input", () => {
  it("repeated keys, comma lists (also ，and 、), key[] and key[0] give the same list", () => {
    const expected = [1, 3, 5];
    expect(parse("re=1&re=3&re=5").re).toEqual(expected);
    expect(parse("re=1,3,5").re).toEqual(expected);
    expect(parse("re=1，3、5").re).toEqual(expected);
    expect(parse("re[]=1&re[]=3&re[]=5").re).toEqual(expected);
    expect(parseSearchParams({ "re[0]": "5", "re[1]": "1", re: "3" }).re).toEqual(expected);
    expect(parseSearchParams({ re: ["5", "3,1"] }).re).toEqual(expected);
  });

  it("lists are de-duplicated and sorted", () => {
    expect(parse("ty=6&ty=1&ty=6,1").ty).toEqual([1, 6]);
    expect(parse("ct=281000&ct=271004").ct).toEqual(["271004", "281000"]);
  });

  it("converts full-width digits, commas and spaces", () => {
    expect(parse("lp=５０００&hp=２０，０００&ly=７．５&re=１，３&ct=２７１００４&page=３")).toEqual({
      re: [1, 3],
      ct: ["271004"],
      lp: 5000,
      hp: 20000,
      ly: 7.5,
      page: 3,
    });
    expect(parse("sw=%E3%80%80１０%E3%80%80").sw).toBe(10);
  });

  it("accepts Next's searchParams record and a saved filter's JSON (numbers, arrays)", () => {
    expect(parseSearchParams({ re: ["3", "1"], lp: "3000", fw: undefined })).toEqual({ re: [1, 3], lp: 3000 });
    expect(parseSearchParams({ re: [1, 2], ty: [1], lp: 3000, hp: 8000, ly: 7, ss: true, fw: "梅田" })).toEqual({
      re: [1, 2],
      ty: [1],
      lp: 3000,
      hp: 8000,
      ly: 7,
      ss: true,
      fw: "梅田",
    });
  });

  it("swaps a range given upside down", () => {
    expect(parse("lp=20000&hp=5000")).toEqual({ lp: 5000, hp: 20000 });
    expect(parse("ly=9&hy=6")).toEqual({ ly: 6, hy: 9 });
    expect(parse("ls=300&hs=100")).toEqual({ ls: 100, hs: 300 });
    expect(parse("nu=2026-03-01&xu=2026-01-01", true)).toEqual({ nu: "2026-01-01", xu: "2026-03-01" });
  });

  it("ignores unknown keys", () => {
    expect(parse("foo=1&re=2&utm_source=x")).toEqual({ re: [2] });
  });
});

describe("parseSearchParams: admin-only parameters", () => {
  const adminQs = "no=A-12&ps=overdue&nu=2026-01-01&xu=2026-02-28&cp=三井&re=3";

  it("are dropped unless opts.admin", () => {
    expect(parse(adminQs)).toEqual({ re: [3] });
    expect(parse(adminQs, true)).toEqual({ re: [3], no: "A-12", ps: "overdue", nu: "2026-01-01", xu: "2026-02-28", cp: "三井" });
    expect(ADMIN_PARAM_KEYS.sort()).toEqual(["cp", "no", "nu", "ps", "xu"]);
  });

  it("validate their values", () => {
    expect(parse("no=Ａ１２", true).no).toBe("A12");
    expect(parse(`no=${"x".repeat(51)}`, true).no).toBeUndefined();
    for (const ps of ["public", "private", "members", "premium", "overdue"]) expect(parse(`ps=${ps}`, true).ps).toBe(ps);
    expect(parse("ps=draft", true).ps).toBeUndefined();
    expect(parse("nu=2026/02/03", true).nu).toBe("2026-02-03");
    expect(parse("nu=２０２６-０２-０３", true).nu).toBe("2026-02-03");
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "yesterday", "2026-1-1"]) {
      expect(parse(`nu=${bad}`, true).nu, bad).toBeUndefined();
    }
    expect(parse("cp=", true).cp).toBeUndefined();
    expect(parse(`cp=${"会".repeat(100)}`, true).cp).toHaveLength(100);
    expect(parse(`cp=${"会".repeat(101)}`, true).cp).toBeUndefined();
  });
});

describe("free word", () => {
  it("NFKC-normalises, splits on half- and full-width spaces, de-duplicates", () => {
    expect(freeWordTerms("ＲＣ造　梅田  ｶﾞｰﾃﾞﾝ 梅田")).toEqual(["RC造", "梅田", "ガーデン"]);
  });

  it("keeps at most five terms and drops terms over 50 characters", () => {
    expect(freeWordTerms("a b c d e f g")).toHaveLength(FW_MAX_TERMS);
    expect(freeWordTerms(`${"長".repeat(51)} 梅田 ${"短".repeat(50)}`)).toEqual(["梅田", "短".repeat(50)]);
    // surrogate pairs count as one character
    expect(freeWordTerms("𠮷".repeat(50))).toEqual(["𠮷".repeat(50)]);
  });

  it("drops control characters and lone surrogates", () => {
    expect(freeWordTerms("梅\u0000田\ud800 駅")).toEqual(["梅", "田", "駅"]);
    expect(parse("fw=%00%01").fw).toBeUndefined();
  });
});

describe("toSearchParams: canonical form", () => {
  it("stable key order, repeated keys for lists, defaults omitted, ss=1", () => {
    const q = parse("page=3&sr=price_asc&fw=梅田&ss=1&hp=20000&lp=5000&ty=6&ty=1&re=3&st=1160214");
    expect(toSearchParams(q).toString()).toBe(`re=3&ty=1&ty=6&st=1160214&lp=5000&hp=20000&ss=1&fw=${encodeURIComponent("梅田")}&sr=price_asc&page=3`);
    expect(toSearchParams(parse("sr=new&page=1")).toString()).toBe("");
    expect(toSearchParams({ re: [3, 1, 3], page: 1, sr: "new" }).toString()).toBe("re=1&re=3");
  });

  it("toQueryRecord gives arrays for several values", () => {
    expect(toQueryRecord(parse("re=1&re=3&lp=100"))).toEqual({ re: ["1", "3"], lp: "100" });
  });

  const valid = (keys: Record<string, fc.Arbitrary<unknown>>) => fc.record(keys, { requiredKeys: [] });
  const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 1, maxLength: 4 });
  const queryArb = valid({
    re: list(fc.integer({ min: 1, max: 6 })),
    pf: list(fc.constantFrom(26, 27, 28)),
    ct: list(fc.constantFrom("271004", "271021", "281000", "261009", "272035")),
    dt: fc.constantFrom("梅田", "梅田一丁目", "中之島"),
    ty: list(fc.constantFrom(1, 2, 3, 4, 5, 6, 99)),
    sc: list(fc.integer({ min: 1, max: 5 })),
    sl: list(fc.integer({ min: 1, max: 99_999 })),
    st: list(fc.integer({ min: 1_000_000, max: 9_999_999 })),
    rg: list(fc.integer({ min: 1_000_000, max: 9_999_999 })),
    sw: fc.integer({ min: 1, max: 120 }),
    lp: fc.integer({ min: 0, max: 99_999_999 }),
    hp: fc.integer({ min: 0, max: 99_999_999 }),
    ly: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    hy: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    ny: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    sk: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
    bt: fc.integer({ min: 1, max: 100 }),
    rs: fc.integer({ min: 1, max: 100 }),
    ls: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10),
    hs: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10),
    fs: list(fc.constantFrom(1, 2, 3, 4, 5, 7)),
    ow: fc.constant(true),
    oc: fc.constant(true),
    ss: fc.constant(true),
    sf: list(fc.integer({ min: 1, max: 5 })),
    dy: fc.integer({ min: 1, max: 3650 }),
    up: fc.integer({ min: 1, max: 3650 }),
    fw: fc.array(fc.string({ unit: "grapheme", minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 7 }).map((xs) => xs.join(" ")),
    sr: fc.constantFrom("new", "price_asc", "price_desc", "yield_desc", "age_asc", "walk_asc", "net_yield_desc", "sekisan_desc", "cf_desc"),
    page: fc.integer({ min: 1, max: 10_000 }),
    no: fc.stringMatching(/^[A-Z0-9-]{1,12}$/),
    ps: fc.constantFrom("public", "private", "members", "premium", "overdue"),
    nu: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    xu: fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    cp: fc.constantFrom("三井不動産", "住友", "ABC不動産"),
  });

  it("round-trips: parse(toSearchParams(q)) equals q, and the query string is a fixed point", () => {
    fc.assert(
      fc.property(queryArb, (raw) => {
        const q = parseSearchParams(raw as Record<string, unknown>, { admin: true });
        const qs = toSearchParams(q);
        const again = parseSearchParams(qs, { admin: true });
        expect(again).toEqual(q);
        expect(toSearchParams(again).toString()).toBe(qs.toString());
        // the strict schema accepts every canonical query unchanged
        expect(searchQuery.parse(q)).toEqual(q);
      }),
      { numRuns: 500 },
    );
  });

  it("keys come out in the table's order", () => {
    const q = parse("page=2&re=1&fw=x", true);
    expect(Object.keys(q)).toEqual(["re", "fw", "page"]);
    expect(SEARCH_PARAM_KEYS.slice(0, 3)).toEqual(["re", "pf", "ct"]);
  });
});

describe("garbage never throws", () => {
  it("random query strings and records parse to a valid query", () => {
    const keys = fc.constantFrom(...SEARCH_PARAM_KEYS, "re[]", "x", "__proto__", "constructor");
    const value = fc.oneof(
      fc.string(),
      fc.string({ unit: "binary" }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom("", ",", "，，", "1,,2", "１e3", "Infinity", "NaN", "-0", "0x1F", "1e400", "%", "\u0000", "\ud800"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, value), { maxLength: 20 }), fc.boolean(), (pairs, admin) => {
        const usp = new URLSearchParams();
        for (const [k, v] of pairs) usp.append(k, v);
        const a = parseSearchParams(usp, { admin });
        const rec: Record<string, string | string[]> = {};
        for (const [k, v] of pairs) rec[k] = rec[k] === undefined ? v : [...[rec[k]].flat(), v];
        const b = parseSearchParams(rec, { admin });
        for (const q of [a, b]) {
          expect(searchQuery.safeParse(q).success).toBe(true);
          if (!admin) for (const k of ADMIN_PARAM_KEYS) expect(q[k]).toBeUndefined();
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("raw query strings, odd values and non-objects", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(() => parseSearchParams(new URLSearchParams(s))).not.toThrow();
      }),
      { numRuns: 500 },
    );
    const odd = { re: { a: 1 }, lp: [[["5"]]], ty: null, sw: Symbol("x"), fw: 42, ss: {}, page: () => 1 } as unknown as Record<string, unknown>;
    expect(() => parseSearchParams(odd)).not.toThrow();
    expect(parseSearchParams(null)).toEqual({});
    expect(parseSearchParams(undefined)).toEqual({});
    expect(parseSearchParams("re=1" as unknown as URLSearchParams)).toEqual({});
  });
});

describe("searchQuery (saved filters' query JSON)", () => {
  it("accepts the parsed shape and numeric strings, canonicalising", () => {
    expect(searchQuery.parse({ re: [3, 1], ty: "6,1", lp: "3000", hp: 1000, sr: "new", page: 1 })).toEqual({
      re: [1, 3],
      ty: [1, 6],
      lp: 1000,
      hp: 3000,
    });
  });

  it("rejects bad values instead of dropping them (a clear error for an input)", () => {
    for (const bad of [{ re: [9] }, { lp: -1 }, { sr: "cheap" }, { fw: "   " }, { ss: false }, { ct: ["000000"] }, { re: "x" }]) {
      expect(searchQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("isEmptyQuery", () => {
  it("is true with no condition; sort and page alone do not count", () => {
    expect(isEmptyQuery({})).toBe(true);
    expect(isEmptyQuery(parse("sr=price_asc&page=4"))).toBe(true);
    expect(isEmptyQuery({ re: [] })).toBe(true);
    expect(isEmptyQuery(parse("re=3"))).toBe(false);
    expect(isEmptyQuery(parse("ss=1"))).toBe(false);
    expect(isEmptyQuery(parse("cp=x", true))).toBe(false);
  });
});

describe("describeQuery", () => {
  it("gives Japanese chips in table order", () => {
    expect(describeQuery(parse("re=3&ty=1&lp=5000&hp=20000&ly=8&sw=10&bt=20"))).toEqual([
      "大阪市中心部",
      "一棟マンション",
      "駅徒歩10分以内",
      "5,000万円〜2億円",
      "表面利回り8%以上",
      "築20年以内",
    ]);
  });

  it("covers every condition", () => {
    const q: SearchQuery = parse(
      "re=1&re=2&pf=27&ct=271004&dt=梅田&ty=6&sc=2&sl=11602&st=1160214&rg=2800101&sw=5&lp=3000&ly=5&hy=8.5&ny=5&sk=70&bt=10&rs=15&ls=20&hs=80&fs=1&fs=7&ow=1&oc=1&ss=1&sf=1&dy=7&up=30&fw=駅近&no=A1&ps=members&nu=2026-01-01&cp=三井&sr=price_asc&page=2",
      true,
    );
    expect(describeQuery(q)).toEqual([
      "阪神・北摂",
      "大阪府",
      "大阪市",
      "町名「梅田」",
      "区分マンション",
      "RC造",
      "路線（1）",
      "駅（2）",
      "駅徒歩5分以内",
      "3,000万円以上",
      "表面利回り5%〜8.5%",
      "実質利回り5%以上",
      "積算比70%以上",
      "築10年以内",
      "残存耐用年数15年以上",
      "面積20㎡〜80㎡",
      "残存耐用年数20年以上",
      "新耐震基準",
      "所有権のみ",
      "現況満室",
      "おすすめ物件",
      "売主",
      "新着7日以内",
      "更新30日以内",
      "「駅近」",
      "物件番号「A1」",
      "会員限定",
      "更新日2026-01-01から",
      "元付「三井」",
    ]);
  });

  it("uses name lookups for lines and stations when given", () => {
    const names = { line: (cd: number) => (cd === 11602 ? "JR大阪環状線" : null), station: () => "梅田", group: () => "大阪" };
    expect(describeQuery(parse("sl=11602&st=1&rg=2"), names)).toEqual(["JR大阪環状線", "梅田駅・大阪駅"]);
    expect(describeQuery(parse("hp=8000&hy=10"))).toEqual(["8,000万円以下", "表面利回り10%以下"]);
    expect(describeQuery({})).toEqual([]);
  });
});

describe("expandCityCodes", () => {
  it("adds the wards of a designated city", () => {
    const osaka = expandCityCodes(["271004"]);
    expect(osaka).toContain("271004");
    expect(osaka).toContain("271276"); // 大阪市北区
    expect(osaka).toHaveLength(25); // the city and its 24 wards
    expect(expandCityCodes(["271403"])).toHaveLength(8); // 堺市 + 7 wards
    expect(expandCityCodes(["281000"])).toHaveLength(10); // 神戸市 + 9 wards
    expect(expandCityCodes(["261009"])).toHaveLength(12); // 京都市 + 11 wards
    expect(expandCityCodes(["272035"])).toEqual(["272035"]); // 豊中市: no wards
  });
});

describe("cityCodeRanges", () => {
  it("turns a code set into the fewest ranges over the master's codes", () => {
    const osaka = expandCityCodes(["271004"]);
    expect(cityCodeRanges(osaka)).toEqual([[osaka[0], osaka.at(-1)]]);
    expect(cityCodeRanges(["272035"])).toEqual([["272035", "272035"]]);
    const two = cityCodeRanges(expandCityCodes(["281000", "271004"]));
    expect(two).toHaveLength(2);
    // codes outside the master are kept as they are
    expect(cityCodeRanges(["999999", "272035"])).toEqual([
      ["272035", "272035"],
      ["999999", "999999"],
    ]);
    expect(cityCodeRanges([])).toEqual([]);
  });

  it("a code is in the ranges exactly when it is in the set (every master code)", () => {
    const all = expandCityCodes(["271004", "271403", "281000", "261009", "272035", "262013"]);
    const ranges = cityCodeRanges(all);
    const master = expandCityCodes(["271004", "271403", "281000", "261009"]);
    for (const code of [...master, "272035", "262013", "272027", "280003"]) {
      const inRange = ranges.some(([a, b]) => code >= a && code <= b);
      expect(inRange, code).toBe(all.includes(code));
    }
  });
});
