import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type {
  BuiltGroup,
  CodeWithOther,
  CommentsGroup,
  FeaturesGroup,
  FloorGroup,
  IncomeGroup,
  LandRatioGroup,
  LandRightsGroup,
  LandRoadEntry,
  MapGroup,
  OriginalGroup,
  SpecificationsGroup,
} from "@/schemas/investment-groups";
import { admins } from "./accounts";
import { bool, createdAt, timestamp, updatedAt } from "./_columns";

/**
 * A listing (spec "investment"). Field names are the spec's, from column to DTO.
 * Searched or sorted fields are indexed columns; display-only groups are JSON.
 * Derived columns (marked "derived") are computed by the investment service on
 * save and never typed by hand.
 */
/**
 * The sorts with their own covering index (schema below, migrations 0023 and 0025): the ORDER BY
 * each one's index serves, as searchOrder writes it. 駅から近い順 wants NULLs (no station) last
 * in an ascending order, which an index cannot store, so its key is `(station_time IS NULL),
 * station_time` (`nullsLast`), the same order searchOrder writes. The member CF sort (an
 * expression of each member's terms) sorts the matches instead.
 */
export const SORT_INDEXES = [
  { name: "price_asc", column: "price", direction: "ASC", nullsLast: false },
  { name: "price_desc", column: "price", direction: "DESC", nullsLast: false },
  { name: "yield_desc", column: "yield", direction: "DESC", nullsLast: false },
  { name: "age_asc", column: "built_at", direction: "DESC", nullsLast: false },
  { name: "net_yield_desc", column: "net_yield", direction: "DESC", nullsLast: false },
  { name: "sekisan_desc", column: "sekisan_ratio", direction: "DESC", nullsLast: false },
  { name: "walk_asc", column: "station_time", direction: "ASC", nullsLast: true },
] as const;

export const investments = sqliteTable(
  "investments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 物件番号; unique among listings that have one. */
    no: text("no"),
    type_cd: integer("type_cd").notNull(),
    type_other: text("type_other"),
    name: text("name").notNull(),
    pref_cd: integer("pref_cd").notNull(),
    /** 6-digit municipality code (municipalities.code). */
    city_cd: text("city_cd").notNull(),
    /** 町名 (e.g. 梅田一丁目). There is no open 町域 master, so this holds the name itself. */
    district_cd: text("district_cd").notNull(),
    /** 番地以下 */
    locality: text("locality"),
    address_cd: text("address_cd"),
    /**
     * The exact point staff placed: read by the admin editor only. Everything
     * public gets the point on the ~100 m grid that investments_geo holds
     * (src/lib/public-position.ts, drizzle/0015_map_public_position.sql).
     */
    map: text("map", { mode: "json" }).$type<MapGroup | null>(),
    /** 価格 in 万円 (10k yen). */
    price: integer("price").notNull(),
    price_before: integer("price_before"),
    income: text("income", { mode: "json" }).$type<IncomeGroup>(),
    /** 表面利回り in percent. */
    yield: real("yield"),
    service_charge: integer("service_charge"),
    maintenance_fee: integer("maintenance_fee"),
    structure_cd: integer("structure_cd"),
    structure_other: text("structure_other"),
    floor: text("floor", { mode: "json" }).$type<FloorGroup>(),
    built: text("built", { mode: "json" }).$type<BuiltGroup | null>(),
    building_size: real("building_size"),
    occupied_size: real("occupied_size"),
    layout: text("layout"),
    total_units: integer("total_units"),
    specifications: text("specifications", { mode: "json" }).$type<SpecificationsGroup>(),
    features: text("features", { mode: "json" }).$type<FeaturesGroup>(),
    land_size: real("land_size"),
    /** Land-area unit: 1 ㎡, 2 坪 (spec §5 "land area unit required"). */
    land_type: integer("land_type"),
    land_note: text("land_note"),
    land_rights: text("land_rights", { mode: "json" }).$type<LandRightsGroup>(),
    land_use_1: text("land_use_1"),
    land_use_2: text("land_use_2"),
    land_ratio: text("land_ratio", { mode: "json" }).$type<LandRatioGroup>(),
    land_cat: text("land_cat", { mode: "json" }).$type<CodeWithOther>(),
    land_plan: text("land_plan", { mode: "json" }).$type<CodeWithOther>(),
    land_corner: text("land_corner"),
    land_road: text("land_road", { mode: "json" }).$type<LandRoadEntry[]>(),
    vacancy: text("vacancy", { mode: "json" }).$type<CodeWithOther>(),
    /** 引渡し (e.g. 相談, 即時) */
    assign: text("assign"),
    /** 取引態様 code (src/lib/constants/investment.ts) */
    transactions: integer("transactions"),
    original: text("original", { mode: "json" }).$type<OriginalGroup>(),
    comments: text("comments", { mode: "json" }).$type<CommentsGroup>(),

    // ── 投資判断の入力 (issue 35; staff-entered, null = not stated) ──
    /** 路線価 円/㎡ (相続税路線価 of the front road) and the year it was published for. */
    road_price: integer("road_price"),
    road_price_year: integer("road_price_year"),
    /** 借地権割合 % (30–90; only for 借地権・定期借地権). */
    leasehold_ratio: integer("leasehold_ratio"),
    /** 固定資産税評価額 円 (土地・建物). */
    assessed_land_value: integer("assessed_land_value"),
    assessed_building_value: integer("assessed_building_value"),
    /** 固定資産税・都市計画税 年額 円 (replaces the default rate in the 実質利回り). */
    property_tax: integer("property_tax"),
    /** 再調達単価 円/㎡, overriding the structure's default in the 積算. */
    replacement_cost: integer("replacement_cost"),
    /** 鉄骨の肉厚 mm (picks the 耐用年数 bracket of 鉄骨造・軽量鉄骨造). */
    steel_thickness: real("steel_thickness"),
    /** 再建築不可 / 既存不適格: true, false, or null when not stated. */
    rebuild_not_allowed: bool("rebuild_not_allowed"),
    nonconforming: bool("nonconforming"),

    public: bool("public").notNull().default(false),
    /** Members-only listing. */
    members: bool("members").notNull().default(false),
    premium: bool("premium").notNull().default(false),
    price_down: bool("price_down").notNull().default(false),
    /**
     * price_down / price_before / price_down_at / price_before_since are set only for a cut whose
     * former price may be shown under 表示規約 (src/lib/former-price.ts): price_down_at is the 値下げ日,
     * price_before_since the former price's 公表日. Readers still apply the six-month window at their
     * `now`; maintenance clears the flag once it has passed.
     */
    price_down_at: timestamp("price_down_at"),
    price_before_since: timestamp("price_before_since"),
    /** 情報登録日 */
    registered_at: text("registered_at"),
    /** 情報更新日 */
    update_at: timestamp("update_at"),
    /** 次回更新予定日 (ISO date); past it, the listing stops showing publicly. */
    next_update_at: text("next_update_at"),
    /** Set by maintenance when next_update_at passed; cleared on update. */
    not_updated_at: timestamp("not_updated_at"),
    public_at: timestamp("public_at"),

    // ── derived ──
    /** Area (re 1-6) of city_cd; null outside the six areas. */
    area_cd: integer("area_cd"),
    /** ISO date 'YYYY-MM-01' from built. */
    built_at: text("built_at"),
    /** ISO date when the remaining legal useful life ends. */
    residual_at: text("residual_at"),
    /** Nearest walk minutes over the transports. */
    station_time: integer("station_time"),
    line_cds: text("line_cds", { mode: "json" }).$type<number[]>(),
    station_cds: text("station_cds", { mode: "json" }).$type<number[]>(),
    station_group_cds: text("station_group_cds", { mode: "json" }).$type<number[]>(),
    /** Free-word text indexed by investments_fts (name, address, stations, type, comments). */
    keywords: text("keywords").notNull().default(""),
    new_quake: bool("new_quake").notNull().default(false),
    has_cert: bool("has_cert").notNull().default(false),
    has_repair: bool("has_repair").notNull().default(false),
    is_full: bool("is_full").notNull().default(false),
    /**
     * Left out by the hz search key (issue 34): a flood depth of 0.5 m or more or any
     * 土砂災害警戒区域 in the listing's hazard flags (src/lib/hazard.ts isHazardOut,
     * overrides winning, unknown never counting). Written by src/server/hazards only.
     */
    hazard_out: bool("hazard_out").notNull().default(false),
    /** 実質利回り % (src/lib/economics.ts netYield); null when its inputs are missing. */
    net_yield: real("net_yield"),
    /** 積算比 % (積算価格 ÷ 価格, economics.sekisanRatio); null without 路線価 and the building's inputs. */
    sekisan_ratio: real("sekisan_ratio"),
    /** NOI 円/年 (economics.noi, the summary's: no vacancy assumed, the listing's real costs); null when its inputs are missing. The member CF sort (issue 33) reads it. */
    noi: real("noi"),
    /** 所有権のみ (issue 33, the ow key): land_rights.type is 1 所有権. 借地権・定期借地権・その他 and unstated rights are not. */
    freehold: bool("freehold").notNull().default(false),

    created_by: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => {
    // Every column a search filters or sorts on, in the order the covering indexes keep them.
    const searched = [
      t.area_cd,
      t.type_cd,
      t.price,
      t.yield,
      t.structure_cd,
      t.pref_cd,
      t.city_cd,
      t.built_at,
      t.residual_at,
      t.station_time,
      t.land_size,
      t.occupied_size,
      t.premium,
      t.price_down,
      t.new_quake,
      t.has_cert,
      t.has_repair,
      t.is_full,
      t.transactions,
      t.update_at,
      // issue 33: the deal's numbers (ny, sk, ow, the member CF sort)
      t.net_yield,
      t.sekisan_ratio,
      t.noi,
      t.freehold,
    ];
    return [
      uniqueIndex("investments_no_uq")
        .on(t.no)
        .where(sql`no IS NOT NULL AND no <> ''`),
      // The search indexes (services/investments/search.ts), replacing investments_visible_idx.
      // Visibility first (public, not overdue), then public_at, so both audiences page "newest
      // first" straight off the index (visitors filter members = 0 inside it); then every
      // searched column, so a search count or a filtered page never reads the table rows
      // (~2 KB each, two per page).
      index("investments_search_idx").on(t.public, t.not_updated_at, t.public_at, t.members, ...searched),
      // The same columns keyed by id: station and free-word searches find ids first
      // (id IN (subquery)) and check everything else here instead of in the table.
      index("investments_id_search_idx").on(t.id, t.public, t.not_updated_at, t.public_at, t.members, ...searched),
      index("investments_area_cd_price_idx").on(t.area_cd, t.price),
      index("investments_price_idx").on(t.price),
      index("investments_yield_idx").on(t.yield),
      index("investments_type_cd_idx").on(t.type_cd),
      index("investments_structure_cd_idx").on(t.structure_cd),
      index("investments_pref_cd_city_cd_idx").on(t.pref_cd, t.city_cd),
      // City first: a municipality search (ct, often with dt) reads only that city's rows,
      // still covered for every other searched column (0.8 ms instead of 10 ms for a
      // ward range at 100,000 listings). search.ts leaves city_cd open to it.
      index("investments_city_search_idx").on(
        t.city_cd,
        t.public,
        t.not_updated_at,
        t.members,
        t.district_cd,
        t.public_at,
        ...searched.filter((col) => col !== t.city_cd),
      ),
      // Type first, for the count (issue 31): a search with ty counts its matches over that type's
      // range only (re=1&re=2&ty=6&ly=6&fs=7: 7.8 → 0.3 ms, re=3&ty=1&lp=5000&hp=20000: 12 → 1.8 ms
      // at 100,000 listings) instead of the whole visibility range; search/sql.ts countColumnOf.
      index("investments_type_search_idx").on(t.type_cd, t.public, t.not_updated_at, t.members, t.public_at, ...searched.filter((col) => col !== t.type_cd)),
      index("investments_area_cd_idx").on(t.area_cd),
      index("investments_built_at_idx").on(t.built_at),
      index("investments_residual_at_idx").on(t.residual_at),
      index("investments_station_time_idx").on(t.station_time),
      index("investments_land_size_idx").on(t.land_size),
      index("investments_building_size_idx").on(t.building_size),
      index("investments_update_at_idx").on(t.update_at),
      index("investments_next_update_at_idx").on(t.next_update_at),
      index("investments_premium_idx").on(t.premium),
      index("investments_price_down_idx").on(t.price_down),
      // hz=1: the few listings it leaves out, as a small id set (search/sql.ts)
      index("investments_hazard_out_idx")
        .on(t.id)
        .where(sql`hazard_out = 1`),
      // The list's sorts (search/sql.ts searchOrder), one covering index each: visibility, then the
      // sort key in the list's own order (ties by id ↓), then every searched column. A sorted search
      // walks the index in order and stops at its page, checking the conditions inside the index
      // (0.03 ms instead of a 15–20 ms top-20 sort of the 80,000 visible rows at 100,000 listings);
      // when few rows match, the walk is still no longer than the visibility range.
      ...SORT_INDEXES.map(({ name, column, direction, nullsLast }) =>
        index(`investments_sort_${name}_idx`).on(
          t.public,
          t.not_updated_at,
          ...(nullsLast ? [sql.raw(`(${column} IS NULL)`)] : []),
          sql.raw(`${column} ${direction}`),
          sql.raw("id DESC"),
          t.members,
          t.public_at,
          ...searched.filter((c) => c.name !== column),
        ),
      ),
      // Free-word terms of 1-2 characters also use lower(substr(name|keywords, -1|-2))
      // expression indexes and the investments_fts_instance vocabulary: both are in the
      // hand-written migration drizzle/0005_fts_short_terms.sql (drizzle-kit cannot
      // express them), like the FTS table itself (0001_fts.sql).
    ];
  },
);

/** 交通: one row per transport entry, indexed so a station search is an index lookup. */
export const investment_transports = sqliteTable(
  "investment_transports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    /** ekidata company_cd */
    operator: integer("operator"),
    line_cd: integer("line_cd"),
    line_name: text("line_name"),
    station_cd: integer("station_cd"),
    station_name: text("station_name"),
    group_cd: integer("group_cd"),
    /** 1 徒歩, 2 バス, 3 その他 */
    distance: integer("distance").notNull().default(1),
    station_walk: integer("station_walk"),
    bus_name: text("bus_name"),
    bus_time: integer("bus_time"),
    bus_walk: integer("bus_walk"),
    other: text("other"),
    e_sort: integer("e_sort").notNull().default(0),
  },
  (t) => [
    index("investment_transports_investment_id_idx").on(t.investment_id, t.e_sort),
    index("investment_transports_line_cd_idx").on(t.line_cd, t.investment_id),
    index("investment_transports_station_cd_idx").on(t.station_cd, t.investment_id),
    index("investment_transports_group_cd_idx").on(t.group_cd, t.investment_id),
  ],
);

export const investment_images = sqliteTable(
  "investment_images",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    /** Generated storage name (never the uploaded file name); variants derive from it. */
    name: text("name").notNull(),
    comment: text("comment"),
    width: integer("width"),
    height: integer("height"),
    /** photo | floor_plan (間取り図, shown in a section of its own; IMAGE_CATEGORIES) */
    category: text("category").$type<"photo" | "floor_plan">().notNull().default("photo"),
    e_sort: integer("e_sort").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [index("investment_images_investment_id_idx").on(t.investment_id, t.e_sort)],
);

/** Every price change (staff see them all; the public only what src/lib/former-price.ts allows). */
export const investment_price_histories = sqliteTable(
  "investment_price_histories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    price_before: integer("price_before"),
    changed_at: timestamp("changed_at").notNull(),
  },
  (t) => [index("investment_price_histories_investment_id_idx").on(t.investment_id, t.changed_at)],
);

/** Rent-roll unit status (economics UnitStatus). */
export const RENT_ROLL_STATUSES = ["occupied", "vacant", "advertising"] as const;

/** レントロール: one row per unit, entered by staff (editor, REST, CSV import). */
export const investment_rent_rolls = sqliteTable(
  "investment_rent_rolls",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    /** 号室 */
    room: text("room").notNull(),
    /** 間取り */
    layout: text("layout"),
    /** 面積 ㎡ */
    area: real("area"),
    /** 賃料 円/月 (for a vacant unit: the 募集 rent) */
    rent: integer("rent").notNull(),
    /** 共益費 円/月 */
    common_fee: integer("common_fee"),
    /** 敷金 円 */
    deposit: integer("deposit"),
    status: text("status").$type<(typeof RENT_ROLL_STATUSES)[number]>().notNull(),
    /** 契約開始 'YYYY-MM' or 'YYYY-MM-DD' */
    lease_start: text("lease_start"),
    e_sort: integer("e_sort").notNull().default(0),
  },
  (t) => [index("investment_rent_rolls_investment_id_idx").on(t.investment_id, t.e_sort)],
);

/** 修繕履歴: one row per work done. */
export const investment_repairs = sqliteTable(
  "investment_repairs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    investment_id: integer("investment_id")
      .notNull()
      .references(() => investments.id, { onDelete: "cascade" }),
    /** 年月 'YYYY-MM' */
    year_month: text("year_month").notNull(),
    /** 内容 */
    description: text("description").notNull(),
    /** 費用 円 */
    cost: integer("cost"),
    e_sort: integer("e_sort").notNull().default(0),
  },
  (t) => [index("investment_repairs_investment_id_idx").on(t.investment_id, t.e_sort)],
);

/**
 * Every write that can change a listing's map position or visibility
 * (its row in investments_geo) or a column the map filters on (0013: the
 * searched columns), appended by triggers (drizzle/0012_map_changes.sql, 0013), so the
 * map's in-process snapshot (src/server/map/snapshot.ts) catches up by reading
 * only the rows after the last seq it saw. Trimmed by a trigger to the last
 * 50,000 writes; a snapshot further behind reloads whole.
 * `text` (0014) marks a write that can change what the map's text conditions
 * select (name, keywords, 町名, transports, a listing added, removed or
 * renumbered): the map's cache of their id sets is dropped on such a row.
 */
export const map_changes = sqliteTable("map_changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  investment_id: integer("investment_id").notNull(),
  text: integer("text", { mode: "boolean" }).notNull().default(false),
});
