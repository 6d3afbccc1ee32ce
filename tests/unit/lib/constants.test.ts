import { describe, expect, it } from "vitest";
import areasJson from "@/master-data/areas.json";
import railways from "@/master-data/railways.json";
import {
  MATCHING_NOTIFICATIONS,
  MEMBER_STATUSES,
  MEMBER_TYPES,
  PASSWORD_MIN,
  PHONE_MIN,
  matchingNotificationName,
  memberStatusName,
  memberTypeName,
} from "@/lib/constants/account";
import { INQUIRY_KINDS, INQUIRY_STATUSES, inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import {
  AREAS,
  AREA_IDS,
  FEATURES,
  LAND_RIGHTS,
  LAND_TYPES,
  PAGE_SIZE,
  PREFECTURES,
  RAILWAY_OPERATORS,
  SEARCH_TYPES,
  SORTS,
  SORT_KEYS,
  SQM_PER_TSUBO,
  STRUCTURES,
  TRANSACTIONS,
  TYPES,
  TYPES_WITHOUT_STRUCTURE,
  VACANCIES,
  areaName,
  areaOfMunicipality,
  codeName,
  featureName,
  prefectureName,
  railwayOperatorOf,
  structureName,
  typeName,
} from "@/lib/constants/investment";
import { FOOTER_LINKS, LEGAL_LINKS, META_DESCRIPTION_LIMIT, OVERLAY, SITE } from "@/lib/constants/site";
import { HOME_AREAS, HOME_FEATURES, HOME_STRUCTURES, HOME_TYPES } from "@/lib/constants/home-links";
import { charLength } from "@/lib/text";

const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);

describe("areas (re)", () => {
  it("are the six areas of the spec, from areas.json", () => {
    expect(AREA_IDS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(AREAS)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(AREAS.map((a) => a.key)).toEqual(areasJson.areas.map((a) => a.key));
    for (const a of AREAS) {
      const src = areasJson.areas.find((x) => x.id === a.id)!;
      // src/lib/constants/areas-data.ts carries these fields of the JSON (issue 21): equal, in order.
      expect(a.municipality_codes).toEqual(src.municipality_codes);
      expect(a.name).toBe(src.name);
      expect(a.name_en).toBe(src.name_en);
    }
    expect(AREAS.length).toBe(areasJson.areas.length);
    expect(AREAS.map((a) => a.name)).toEqual(["阪神", "北摂", "大阪市中心部", "大阪ベイエリア", "大阪衛星都市", "南大阪"]);
  });
  it("are mutually exclusive", () => {
    const all = AREAS.flatMap((a) => a.municipality_codes);
    expect(new Set(all).size).toBe(all.length);
  });
  it("areaOfMunicipality maps codes to area ids", () => {
    expect(areaOfMunicipality("282022")).toBe(1); // 尼崎市
    expect(areaOfMunicipality("27220")).toBe(2); // 箕面市 as 5-digit code
    expect(areaOfMunicipality(271276)).toBe(3); // 大阪市北区, number
    expect(areaOfMunicipality("271047")).toBe(4); // 大阪市此花区
    expect(areaOfMunicipality("272272")).toBe(5); // 東大阪市
    expect(areaOfMunicipality("271411")).toBe(6); // 堺市堺区
    for (const a of AREAS) for (const c of a.municipality_codes) expect(areaOfMunicipality(c)).toBe(a.id);
  });
  it("areaOfMunicipality is null outside the areas and for bad input", () => {
    expect(areaOfMunicipality("261017")).toBeNull(); // 京都市北区
    expect(areaOfMunicipality("281018")).toBeNull(); // 神戸市東灘区
    expect(areaOfMunicipality("271004")).toBeNull(); // 大阪市 itself
    expect(areaOfMunicipality("")).toBeNull();
    expect(areaOfMunicipality("abc")).toBeNull();
    expect(areaOfMunicipality(null)).toBeNull();
    expect(areaOfMunicipality(undefined)).toBeNull();
  });
  it("areaName", () => {
    expect(areaName(3)).toBe("大阪市中心部");
    expect(areaName(7)).toBeNull();
  });
});

describe("code tables", () => {
  it("prefectures", () => {
    expect(PREFECTURES).toEqual([
      { id: 26, name: "京都府" },
      { id: 27, name: "大阪府" },
      { id: 28, name: "兵庫県" },
    ]);
    expect(prefectureName(27)).toBe("大阪府");
    expect(prefectureName(13)).toBeNull();
  });
  it("types: six search types plus 99 その他", () => {
    expect(ids(TYPES)).toEqual([1, 2, 3, 4, 5, 6, 99]);
    // その他 (99) is a search choice too: its listings must be reachable through the type filter
    expect(ids(SEARCH_TYPES)).toEqual([1, 2, 3, 4, 5, 6, 99]);
    expect(TYPES.map((t) => t.name)).toEqual(["一棟マンション", "一棟アパート", "ビル", "戸建", "土地", "区分マンション", "その他"]);
    expect(typeName(1)).toBe("一棟マンション");
    expect(typeName(99)).toBe("その他");
    expect(typeName(99, "店舗")).toBe("店舗");
    expect(typeName(1, "店舗")).toBe("一棟マンション");
    expect(typeName(7)).toBeNull();
    expect(typeName(null)).toBeNull();
    expect(TYPES_WITHOUT_STRUCTURE).toEqual([5, 99]);
  });
  it("structures with legal useful lives", () => {
    expect(STRUCTURES.map((s) => [s.id, s.name, s.life])).toEqual([
      [1, "SRC造", 47],
      [2, "RC造", 47],
      [3, "鉄骨造", 34],
      [4, "軽量鉄骨造", 27],
      [5, "木造", 22],
    ]);
    expect(structureName(2)).toBe("RC造");
    expect(structureName(99)).toBe("その他");
    expect(structureName(99, "CB造")).toBe("CB造");
    expect(structureName(6)).toBeNull();
  });
  it("features 1-5 and 7", () => {
    expect(ids(FEATURES)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(featureName(1)).toBe("残存耐用年数20年以上");
    expect(featureName(2)).toBe("検査済証あり");
    expect(featureName(3)).toBe("大規模修繕済");
    expect(featureName(4)).toBe("値下げ");
    expect(featureName(5)).toBe("満室");
    expect(featureName(7)).toBe("新耐震基準");
    expect(featureName(6)).toBeNull();
  });
  it("transactions, land types, vacancies, land rights", () => {
    expect(TRANSACTIONS.map((t) => t.name)).toEqual(["売主", "代理", "専任媒介", "一般媒介", "専属専任媒介"]);
    expect(ids(TRANSACTIONS)).toEqual([1, 2, 3, 4, 5]);
    expect(LAND_TYPES).toEqual([
      { id: 1, name: "㎡" },
      { id: 2, name: "坪" },
    ]);
    expect(SQM_PER_TSUBO).toBeCloseTo(3.305785, 6);
    expect(VACANCIES.map((v) => v.name)).toEqual(["満室", "空室あり", "空室", "その他"]);
    expect(LAND_RIGHTS.map((v) => v.name)).toEqual(["所有権", "借地権", "定期借地権", "その他"]);
    expect(codeName(VACANCIES, 2)).toBe("空室あり");
    expect(codeName(LAND_RIGHTS, 9)).toBeNull();
  });
  it("sorts and page size", () => {
    expect(SORT_KEYS).toEqual(["new", "price_asc", "price_desc", "yield_desc", "age_asc", "walk_asc", "net_yield_desc", "sekisan_desc", "cf_desc"]);
    expect(SORTS.every((s) => s.name.length > 0)).toBe(true);
    expect(PAGE_SIZE).toBe(20);
  });
});

describe("railway operators", () => {
  it("are the eight of the spec with ekidata company codes", () => {
    expect(RAILWAY_OPERATORS.map((o) => [o.name, o.company_cd])).toEqual([
      ["JR西日本", 4],
      ["Osaka Metro", 249],
      ["北大阪急行", 197],
      ["阪急", 24],
      ["阪神", 25],
      ["近鉄", 21],
      ["京阪", 23],
      ["南海", 22],
    ]);
  });
  it("match the operators in railways.json", () => {
    for (const o of RAILWAY_OPERATORS) {
      for (const cd of [o.company_cd, ...o.merged_company_cds]) {
        expect(railways.operators.some((r) => r.company_cd === cd)).toBe(true);
        expect(railways.lines.some((l) => l.company_cd === cd)).toBe(true);
      }
    }
  });
  it("railwayOperatorOf includes merged companies", () => {
    expect(railwayOperatorOf(249)?.key).toBe("metro");
    expect(railwayOperatorOf(198)?.key).toBe("nankai");
    expect(railwayOperatorOf(201)).toBeNull();
    expect(railwayOperatorOf(null)).toBeNull();
  });
});

describe("inquiries and accounts", () => {
  it("inquiry kinds and statuses", () => {
    expect(INQUIRY_KINDS.map((k) => k.key)).toEqual(["investment", "consult", "other", "sell", "exchange"]);
    expect(inquiryKindName("investment")).toBe("物件へのお問い合わせ");
    expect(inquiryKindName("consult")).toBe("投資相談");
    expect(inquiryKindName("nope")).toBeNull();
    expect(INQUIRY_STATUSES.map((s) => s.key)).toEqual(["new", "in_progress", "done"]);
    expect(inquiryStatusName("in_progress")).toBe("対応中");
  });
  it("member statuses, types, notification modes and limits", () => {
    expect(MEMBER_STATUSES.map((s) => s.key)).toEqual(["provisional", "active", "suspended"]);
    expect(memberStatusName("provisional")).toBe("仮登録");
    expect(MEMBER_TYPES.map((s) => s.key)).toEqual(["individual", "corporate", "agent"]);
    expect(memberTypeName("agent")).toBe("業者");
    expect(MATCHING_NOTIFICATIONS.map((s) => s.key)).toEqual(["instant", "daily", "off"]);
    expect(matchingNotificationName("daily")).toBe("1日1回まとめて");
    expect(memberTypeName(undefined)).toBeNull();
    expect(PASSWORD_MIN).toBe(8);
    expect(PHONE_MIN).toBe(10);
  });
});

describe("site settings", () => {
  it("hold the fictional company's contact values", () => {
    expect(SITE.hours.label).toBe("9:00〜18:00");
    expect(SITE.holidays).toBe("土日祝");
    expect(SITE.tel).toMatch(/^06-0000-\d{4}$/);
    expect(SITE.fax).toMatch(/^06-0000-\d{4}$/);
    expect(SITE.url).toBe("https://example.invalid");
    expect(SITE.email.endsWith("@example.invalid")).toBe(true);
    expect(SITE.ogImage).toBe("/ogp.png");
    expect(SITE.social.map((s) => s.key)).toEqual(["x", "instagram", "youtube"]);
    expect(META_DESCRIPTION_LIMIT).toBe(150);
    expect(charLength(SITE.description)).toBeLessThanOrEqual(150);
    expect(OVERLAY).toEqual({ opacity: 0.8, fadeSeconds: 0.25 });
  });
  it("footer links are internal paths", () => {
    const all = [...FOOTER_LINKS.corporate, ...FOOTER_LINKS.main, ...FOOTER_LINKS.other, ...LEGAL_LINKS];
    for (const l of all) expect(l.path).toMatch(/^\/[a-z/]*$/);
    expect(LEGAL_LINKS.map((l) => l.path)).toEqual(["/terms", "/privacy"]);
  });
  it("home tiles link to the list with one filter", () => {
    expect(HOME_AREAS).toHaveLength(6);
    expect(HOME_AREAS[0]).toEqual({ name: "阪神", path: "/investments/page/1/?re=1" });
    expect(HOME_TYPES.map((t) => t.path)).toEqual([1, 2, 3, 4, 5, 6, 99].map((n) => `/investments/page/1/?ty=${n}`));
    expect(HOME_STRUCTURES.map((t) => t.path)).toEqual([1, 2, 3, 4, 5].map((n) => `/investments/page/1/?sc=${n}`));
    expect(HOME_FEATURES.map((t) => t.path)).toEqual([1, 2, 3, 4, 5, 7].map((n) => `/investments/page/1/?fs=${n}`));
  });
});
