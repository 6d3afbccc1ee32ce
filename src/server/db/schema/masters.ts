import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Master data loaded from src/master-data/*.json by src/server/db/master-data.ts
 * (総務省 municipality codes, ekidata.jp railways). Re-loading is idempotent.
 */
export const prefectures = sqliteTable("prefectures", {
  pref_cd: integer("pref_cd").primaryKey(),
  code: text("code").notNull(),
  name: text("name").notNull(),
  name_kana: text("name_kana").notNull(),
});

export const areas = sqliteTable("areas", {
  /** re 1-6 */
  id: integer("id").primaryKey(),
  key: text("key").notNull(),
  name: text("name").notNull(),
  name_en: text("name_en").notNull(),
});

export const municipalities = sqliteTable(
  "municipalities",
  {
    /** 6-digit 全国地方公共団体コード; the value of investments.city_cd */
    code: text("code").primaryKey(),
    code5: text("code5").notNull(),
    pref_cd: integer("pref_cd")
      .notNull()
      .references(() => prefectures.pref_cd),
    name: text("name").notNull(),
    name_kana: text("name_kana").notNull(),
    /** designated_city | ward | city | town | village */
    type: text("type").notNull(),
    parent_code: text("parent_code"),
    ward_name: text("ward_name"),
    county: text("county"),
    /** The spec's area (re) this municipality belongs to; null outside the six areas (Kyoto, Kobe, ...). */
    area_id: integer("area_id").references(() => areas.id),
  },
  (t) => [index("municipalities_pref_cd_idx").on(t.pref_cd), index("municipalities_area_id_idx").on(t.area_id)],
);

export const railway_operators = sqliteTable("railway_operators", {
  company_cd: integer("company_cd").primaryKey(),
  name: text("name").notNull(),
  short: text("short").notNull(),
  name_formal: text("name_formal").notNull(),
  name_kana: text("name_kana").notNull(),
  rr_cd: integer("rr_cd"),
  note: text("note"),
});

export const railway_lines = sqliteTable(
  "railway_lines",
  {
    line_cd: integer("line_cd").primaryKey(),
    company_cd: integer("company_cd")
      .notNull()
      .references(() => railway_operators.company_cd),
    name: text("name").notNull(),
    name_kana: text("name_kana").notNull(),
    name_formal: text("name_formal").notNull(),
    e_sort: integer("e_sort").notNull(),
    color: text("color"),
    pref_cds: text("pref_cds", { mode: "json" }).$type<number[]>().notNull(),
    station_count: integer("station_count").notNull(),
    note: text("note"),
  },
  (t) => [index("railway_lines_company_cd_idx").on(t.company_cd)],
);

export const stations = sqliteTable(
  "stations",
  {
    station_cd: integer("station_cd").primaryKey(),
    /** Same value for the same station on different lines (the spec's station group). */
    station_g_cd: integer("station_g_cd").notNull(),
    name: text("name").notNull(),
    name_kana: text("name_kana"),
    line_cd: integer("line_cd")
      .notNull()
      .references(() => railway_lines.line_cd),
    pref_cd: integer("pref_cd").notNull(),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
    e_sort: integer("e_sort").notNull(),
    muni_code: text("muni_code"),
  },
  (t) => [
    index("stations_line_cd_idx").on(t.line_cd, t.e_sort),
    index("stations_station_g_cd_idx").on(t.station_g_cd),
    index("stations_muni_code_idx").on(t.muni_code),
  ],
);
