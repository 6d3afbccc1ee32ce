/**
 * The six areas as the code tables use them: src/master-data/areas.json without its notes,
 * rationale, borderline candidates and town names. Client components read the code tables, and
 * the whole JSON rode along into their pages' scripts (issue 21). Kept equal to areas.json by
 * tests/unit/lib/constants.test.ts: edit the JSON, then copy the fields here.
 */
export const AREAS_DATA = [
  { id: 1, key: "hanshin", name: "阪神", name_en: "Hanshin", municipality_codes: ["282022", "282049", "282065", "282073", "282146", "282171", "282197", "283011"] },
  { id: 2, key: "hokusetsu", name: "北摂", name_en: "Hokusetsu", municipality_codes: ["272035", "272051", "272043", "272205", "272116", "272078", "272248", "273210", "273228", "273015"] },
  { id: 3, key: "osaka_city", name: "大阪市中心部", name_en: "Central Osaka city", municipality_codes: ["271021", "271039", "271063", "271098", "271110", "271136", "271144", "271152", "271161", "271179", "271187", "271195", "271209", "271217", "271225", "271233", "271241", "271268", "271276", "271284"] },
  { id: 4, key: "osaka_bay", name: "大阪ベイエリア", name_en: "Osaka bay area", municipality_codes: ["271047", "271071", "271080", "271250"] },
  { id: 5, key: "osaka_satellite", name: "大阪衛星都市", name_en: "Osaka satellite cities", municipality_codes: ["272094", "272230", "272159", "272108", "272302", "272183", "272299", "272272", "272124", "272213"] },
  { id: 6, key: "minami_osaka", name: "南大阪", name_en: "South Osaka", municipality_codes: ["271411", "271420", "271438", "271446", "271454", "271462", "271471", "272027", "272060", "272086", "272132", "272141", "272167", "272175", "272191", "272221", "272256", "272264", "272281", "272311", "272329", "273414", "273619", "273627", "273660", "273813", "273821", "273830"] },
] as const;
