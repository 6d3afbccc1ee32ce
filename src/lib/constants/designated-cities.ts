/**
 * The four designated cities (政令指定都市) of the market, as whole-city search choices (issue 30):
 * an investor who picks 大阪市 expects all 24 wards, and the six areas split 大阪市 between
 * 大阪市中心部 and 大阪ベイエリア (堺市 sits in 南大阪; 京都市 and 神戸市 are in no area).
 * `ct` with a city's code matches every one of its wards (src/schemas/search/municipalities.ts expandCityCodes).
 * Ward codes from src/master-data/municipalities.json (parent_code); a unit test keeps them equal.
 * Plain data with no imports: client components (area page, refine links) read it.
 */
export const DESIGNATED_CITIES = [
  {
    code: "271004",
    key: "osaka",
    name: "大阪市",
    name_en: "Osaka city",
    ward_codes: [
      "271021",
      "271039",
      "271047",
      "271063",
      "271071",
      "271080",
      "271098",
      "271110",
      "271136",
      "271144",
      "271152",
      "271161",
      "271179",
      "271187",
      "271195",
      "271209",
      "271217",
      "271225",
      "271233",
      "271241",
      "271250",
      "271268",
      "271276",
      "271284",
    ],
  },
  {
    code: "261009",
    key: "kyoto",
    name: "京都市",
    name_en: "Kyoto city",
    ward_codes: ["261017", "261025", "261033", "261041", "261050", "261068", "261076", "261084", "261092", "261106", "261114"],
  },
  {
    code: "281000",
    key: "kobe",
    name: "神戸市",
    name_en: "Kobe city",
    ward_codes: ["281018", "281026", "281051", "281069", "281077", "281085", "281093", "281107", "281115"],
  },
  { code: "271403", key: "sakai", name: "堺市", name_en: "Sakai city", ward_codes: ["271411", "271420", "271438", "271446", "271454", "271462", "271471"] },
] as const;

export type DesignatedCity = (typeof DESIGNATED_CITIES)[number];

/** "大阪市（24区）": a whole-city choice's label. */
export function cityLabel(c: DesignatedCity): string {
  return `${c.name}全域（${c.ward_codes.length}区）`;
}

/** The designated city of a code, or undefined. */
export function designatedCity(code: string): DesignatedCity | undefined {
  return DESIGNATED_CITIES.find((c) => c.code === code);
}

/**
 * A selection of municipality codes with every designated city whose wards are all chosen written
 * as the city's one code (ct=271004 instead of 24 ward codes); the city's code itself also stands
 * for all its wards. Sorted.
 */
export function collapseWards(selected: Iterable<string>): string[] {
  const set = new Set(selected);
  for (const c of DESIGNATED_CITIES) {
    if (set.has(c.code) || c.ward_codes.every((w) => set.has(w))) {
      for (const w of c.ward_codes) set.delete(w);
      set.add(c.code);
    }
  }
  return [...set].sort();
}

/** The leaf codes a selection stands for: a designated city's code opens into its wards. */
export function expandWards(codes: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const code of codes) {
    const city = designatedCity(code);
    if (city) for (const w of city.ward_codes) out.add(w);
    else out.add(code);
  }
  return [...out].sort();
}
