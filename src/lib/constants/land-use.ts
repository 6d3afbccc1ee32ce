/**
 * 用途地域 (issue 34 item 5): the 13 zones of 都市計画法 第9条, plus 指定なし and
 * 市街化調整区域 (where no zone is set). Listings store the official name as text
 * in land_use_1 / land_use_2, so the detail, the free-word keywords and REST keep
 * their shape; the editor offers only these names.
 */
export const LAND_USE_ZONES = [
  { id: 1, name: "第一種低層住居専用地域" },
  { id: 2, name: "第二種低層住居専用地域" },
  { id: 3, name: "第一種中高層住居専用地域" },
  { id: 4, name: "第二種中高層住居専用地域" },
  { id: 5, name: "第一種住居地域" },
  { id: 6, name: "第二種住居地域" },
  { id: 7, name: "準住居地域" },
  { id: 8, name: "田園住居地域" },
  { id: 9, name: "近隣商業地域" },
  { id: 10, name: "商業地域" },
  { id: 11, name: "準工業地域" },
  { id: 12, name: "工業地域" },
  { id: 13, name: "工業専用地域" },
  { id: 14, name: "指定なし" },
  { id: 15, name: "市街化調整区域" },
] as const;
export type LandUseZone = (typeof LAND_USE_ZONES)[number]["name"];

export const LAND_USE_NAMES: readonly LandUseZone[] = LAND_USE_ZONES.map((z) => z.name);

export function isLandUseZone(v: string): v is LandUseZone {
  return (LAND_USE_NAMES as readonly string[]).includes(v);
}

const N = (k: string): "第一種" | "第二種" => (k === "一" ? "第一種" : "第二種");

/**
 * The variants staff typed as free text, most specific first: at one position
 * the first alternative wins, so 準工 is read before 工業, 近隣商業 before 商業,
 * 工業専用 before 工業, and 低層 / 中高層 before 住居. The old (pre-1992)
 * 第一種住居専用地域 names are ambiguous and deliberately match nothing.
 */
const PATTERNS: readonly [RegExp, (m: RegExpExecArray) => LandUseZone][] = [
  [/市街化調整|調整区域/y, () => "市街化調整区域"],
  [/(?:用途)?(?:地域)?(?:の)?指定(?:な|無)し|無指定/y, () => "指定なし"],
  [/工業専用|工専/y, () => "工業専用地域"],
  [/準工(?:業)?/y, () => "準工業地域"],
  [/近隣商業|近商/y, () => "近隣商業地域"],
  [/商業/y, () => "商業地域"],
  [/工業/y, () => "工業地域"],
  [/田園(?:住居)?/y, () => "田園住居地域"],
  [/準住(?:居)?/y, () => "準住居地域"],
  [/第?([一二])種?低層?(?:住居)?(?:専用)?/y, (m) => `${N(m[1]!)}低層住居専用地域` as LandUseZone],
  [/第?([一二])種?中高(?:層)?(?:住居)?(?:専用)?/y, (m) => `${N(m[1]!)}中高層住居専用地域` as LandUseZone],
  [/第?([一二])種?住(?:居)?(?!居|専用)/y, (m) => `${N(m[1]!)}住居地域` as LandUseZone],
];

/** Every zone named in a normalised string, in order of appearance. */
function zonesIn(s: string): LandUseZone[] {
  const found: LandUseZone[] = [];
  let i = 0;
  outer: while (i < s.length) {
    for (const [re, zone] of PATTERNS) {
      re.lastIndex = i;
      const m = re.exec(s);
      if (m) {
        found.push(zone(m));
        i = re.lastIndex;
        continue outer;
      }
    }
    i++;
  }
  return found;
}

/**
 * The official zone name for a free-text 用途地域 (「1種低層」「第１種住居」「近商」
 * 「準工」「調整区域」…), or null when the text names no zone, names two different
 * zones (「商業・近商」 is for staff to split into 用途地域1 / 2), or is blank.
 * Full-width digits and 第1種 / 第一種 are the same.
 */
export function mapLandUse(text: string | null | undefined): LandUseZone | null {
  if (!text) return null;
  const s = text
    .normalize("NFKC")
    .replace(/\s+/g, "")
    // 第1種 / 1種 / 1低 / 1中高 / 1住 → kanji, before the patterns read them.
    .replace(/([12])(?=種|低|中高|住)/g, (d) => (d === "1" ? "一" : "二"));
  if (!s) return null;
  if (isLandUseZone(s)) return s;
  if (/^(?:なし|無し|無)$/.test(s)) return "指定なし";
  const zones = [...new Set(zonesIn(s))];
  return zones.length === 1 ? zones[0]! : null;
}
