/**
 * The admin listing editor's form (spec §3 "Investment", §5 "Property (admin)"),
 * shared by the browser form (react-hook-form + zodResolver), the tRPC
 * procedures and the tests. Values are what a form holds: numbers are typed
 * text ("１２００" is accepted and normalised), selects give strings or numbers.
 *
 * Rules (one message each, in Japanese, under the field's path):
 *  - no required (uniqueness is checked by the server and the exists call);
 *  - type_cd required, type_other required for その他 (99); name, pref_cd,
 *    city_cd, district_cd required;
 *  - name, comments.main and comments.sub contain no prohibited word (the
 *    message names the word);
 *  - price required; price below 1e8 (万円) or その価格は表示できません;
 *  - numeric fields: digits with one optional decimal point, not zero,
 *    full-width converted;
 *  - 用途地域1 / 2 one of the official names (LAND_USE_ZONES) or empty;
 *    建ぺい率 at most 100 and 容積率 at most 1300 (%);
 *  - structure_cd required unless type_cd is 5 (土地) or 99 (その他);
 *  - land_type (㎡ / 坪) and vacancy.cd required;
 *  - transports: a station for 徒歩 / バス, station_walk for 徒歩, bus_name,
 *    bus_time and bus_walk for バス, other for その他;
 *  - dates valid when present (built year/month, original.check_at,
 *    registered_at, next_update_at);
 *  - original.tel digits and hyphens, at least 10 characters, when present;
 *  - 表示規約: publishing needs transactions (取引態様), registered_at
 *    (情報登録日) and next_update_at (次回更新予定日), the latter not before
 *    today and at most 14 days after 情報更新日 (the save's own day, JST);
 *  - 収支・積算 (路線価, 借地権割合, レントロール, 修繕履歴 …): the rules in
 *    ./investment-economics.ts.
 * Derived columns (built_at, residual_at, station codes, keywords, flags,
 * price_before / price_down) are not part of the form: the server computes them.
 */
import { BULK_ACTIONS, type BulkAction } from "@/lib/constants/bulk-actions";
import { LAND_USE_NAMES } from "@/lib/constants/land-use";
import { findProhibitedWord, prohibitedWordMessage } from "@/lib/constants/prohibited-words";
import {
  IMAGE_CATEGORY_KEYS,
  LAND_RIGHTS,
  LAND_TYPES,
  PREFECTURES,
  STRUCTURE_OTHER_ID,
  STRUCTURES,
  LAND_CATS,
  LAND_PLANS,
  TRANSACTIONS,
  TYPE_OTHER_ID,
  TYPES,
  TYPES_WITHOUT_STRUCTURE,
  VACANCIES,
} from "@/lib/constants/investment";
import { PRICE_LIMIT, PRICE_TOO_LARGE } from "@/lib/price";
import { jstToday } from "@/lib/jst-date";
import { ifFilled, nonZeroDecimal, toHalfWidth } from "@/schemas/common";
import { checkEconomics, EMPTY_ECONOMICS, economicsFields } from "@/schemas/admin/investment-economics";
import { msg } from "@/schemas/messages";
import { label, z } from "@/schemas/zod";

/* ------------------------------------------------------------ code tables */

export { LAND_CATS, LAND_PLANS };
/** transport.distance */
export const DISTANCES = [
  { id: 1, name: "徒歩" },
  { id: 2, name: "バス" },
  { id: 3, name: "その他" },
] as const;
export const STRUCTURE_CHOICES = [...STRUCTURES.map((s) => ({ id: s.id as number, name: s.name })), { id: STRUCTURE_OTHER_ID, name: "その他" }];

export const VACANCY_OTHER_ID = 4;
export const LAND_RIGHTS_OTHER_ID = 4;
export const CODE_OTHER_ID = 99;

/** 次回更新予定日: default and maximum distance from today (表示規約). */
/**
 * 表示規約 freshness (issue 28 item 3): a listing's 次回更新予定日 is at most
 * this many days after its 情報更新日 (update_at, Japan date). A save sets
 * update_at to now, so for the editor the limit is today + 14.
 */
export const NEXT_UPDATE_DAYS = 14;
export const NEXT_UPDATE_MESSAGE = `次回更新予定日は情報更新日から${NEXT_UPDATE_DAYS}日以内の日付を入力してください`;
export const NEXT_UPDATE_PAST_MESSAGE = "次回更新予定日は今日以降の日付を入力してください";
export const MAX_TRANSPORTS = 8;
export const MAX_IMAGES = 30;
export const MAX_ROADS = 4;
export const DUPLICATE_NO_MESSAGE = "この物件番号は既に使われています";

/* ------------------------------------------------------------------ dates */

const DAY = 24 * 3600 * 1000;

export function addDaysIso(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The latest 次回更新予定日 a listing updated at `updateAt` may carry (JST date + 14 days). */
export function nextUpdateLimit(updateAt: Date): string {
  return addDaysIso(jstToday(updateAt), NEXT_UPDATE_DAYS);
}

/**
 * The freshness rule on stored values, written once for every path that does
 * not re-save the listing (bulk publish, duplicate, the migration's twin):
 * null when `next_update_at` is within 14 days of `update_at`, else the field message.
 */
export function freshnessIssue(updateAt: Date | null, nextUpdateAt: string | null): string | null {
  if (!nextUpdateAt || !updateAt) return null;
  return nextUpdateAt > nextUpdateLimit(updateAt) ? NEXT_UPDATE_MESSAGE : null;
}

export function isValidIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1868 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/* ------------------------------------------------------------ field kinds */

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Optional free text (blank → undefined). */
const text = (name: string, max = 200) => label(z.preprocess(blankToUndefined, z.string().trim().max(max).optional()), name);

/** Free text that must not contain a prohibited word (the message names it). */
const noProhibited = (name: string, max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .superRefine((v, ctx) => {
      const w = findProhibitedWord(v);
      if (w) ctx.addIssue({ code: "custom", message: prohibitedWordMessage(name, w) });
    });
const cleanRequired = (name: string, max: number) => label(z.string().trim().min(1, { abort: true }).pipe(noProhibited(name, max)), name);
const cleanText = (name: string, max: number) => label(z.preprocess(blankToUndefined, noProhibited(name, max).optional()), name);

/** Optional number as typed: digits, one optional decimal point, not zero (full-width converted). */
const decimal = (name: string) => ifFilled(nonZeroDecimal(name));

/**
 * A percentage: a decimal as typed, not zero, at most `max` — 建ぺい率 up to 100,
 * 容積率 up to 1300 (the largest 指定容積率 of 都市計画法 第8条, 商業地域).
 */
const percent = (name: string, max: number) =>
  ifFilled(nonZeroDecimal(name).refine((v) => Number(v) <= max, { error: `${name}は0〜${max}の数値（%）で入力してください` }));

/** 用途地域: one of the official names (src/lib/constants/land-use.ts), or empty. */
export const landUseMessage = (name: string) => `${name}は一覧から選択してください`;
const landUse = (name: string) =>
  label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .refine((v) => (LAND_USE_NAMES as readonly string[]).includes(v), { error: landUseMessage(name) })
        .optional(),
    ),
    name,
    { select: true },
  );

/** Optional whole number of minutes (not zero). */
const minutes = (name: string) =>
  ifFilled(
    label(
      z
        .string()
        .overwrite((v) => toHalfWidth(v).trim())
        .regex(/^[0-9]+$/, { abort: true, error: msg.halfWidthDigits(name) })
        .refine((v) => Number(v) > 0 && Number(v) <= 999, { error: `${name}は1〜999の数値で入力してください` }),
      name,
    ),
  );

/** A code from a table; "" / null → undefined (missing), strings coerced. */
function code<const T extends readonly { readonly id: number }[]>(table: T, name: string) {
  const ids = table.map((r) => r.id) as [number, ...number[]];
  return label(
    z.preprocess(
      (v) => (v === null || v === "" || v === undefined ? undefined : typeof v === "string" ? Number(toHalfWidth(v)) : v),
      z.literal(ids).optional(),
    ),
    name,
    { select: true },
  );
}

/** Optional ISO date (YYYY-MM-DD; / accepted), valid if present. */
const date = (name: string) =>
  label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .overwrite((v) => toHalfWidth(v).trim().replace(/\//g, "-"))
        .refine(isValidIsoDate, { error: msg.invalidDate(name) })
        .optional(),
    ),
    name,
  );

const flag = z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1 || v === "on", z.boolean());

/** Digits and hyphens, at least 10 characters, when present. */
const telIfFilled = (name: string) =>
  label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .overwrite((v) =>
          toHalfWidth(v)
            .replace(/[\u30FC\u2010-\u2015\u2212\uFF70]/g, "-")
            .trim(),
        )
        .regex(/^[0-9-]+$/, { abort: true, error: msg.tel(name) })
        .min(10)
        .max(20)
        .optional(),
    ),
    name,
  );

const idNumber = z.preprocess(
  (v) => (v === null || v === "" || v === undefined ? undefined : typeof v === "string" ? Number(v) : v),
  z.number().int().positive().max(99_999_999).optional(),
);

/* ---------------------------------------------------------------- groups */

export const transportInput = z.object({
  operator: idNumber,
  line_cd: idNumber,
  station_cd: idNumber,
  distance: code(DISTANCES, "交通手段"),
  station_walk: minutes("徒歩（分）"),
  bus_name: text("バス停名", 50),
  bus_time: minutes("バス乗車時間（分）"),
  bus_walk: minutes("バス停から徒歩（分）"),
  other: text("その他の交通", 200),
});

export const imageInput = z
  .object({
    /** An image already stored for this listing. */
    id: idNumber,
    /** A staged upload (POST {admin}/api/admin/images) to attach on save. */
    token: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[0-9a-f]{32}$/)
        .optional(),
    ),
    comment: text("画像コメント", 200),
    /** 写真 or 間取り図 (a missing value is a photo: older forms and clients send none) */
    category: z.preprocess((v) => (v === undefined || v === null || v === "" ? "photo" : v), z.enum(IMAGE_CATEGORY_KEYS)),
  })
  .refine((v) => v.id !== undefined || v.token !== undefined, { error: "画像をアップロードしてください" });

const roadInput = z.object({
  direction: text("接道方向", 20),
  width: decimal("道路幅員（m）"),
  kind: text("道路種別", 20),
  frontage: decimal("間口（m）"),
});

/**
 * The 接道 rows: a row left entirely blank (the editor's 「接道を追加」 pressed and not filled in)
 * is dropped, so it is never saved as a row of empty cells on the public page. (Blank cells
 * parse to undefined; overwrite keeps the input type the editor's field array is typed by.)
 */
export const roadsInput = z
  .array(roadInput)
  .max(MAX_ROADS)
  .overwrite((rows) => rows.filter((row) => Object.values(row).some((v) => v !== undefined)));

/* ------------------------------------------------------------------ form */

const fields = z.object({
  no: label(
    z
      .string()
      .overwrite((v) => toHalfWidth(v).trim())
      .min(1, { abort: true })
      .max(50),
    "物件番号",
  ),
  type_cd: code(TYPES, "物件種別"),
  type_other: text("物件種別（その他）", 50),
  name: cleanRequired("物件名", 100),
  pref_cd: code(PREFECTURES, "都道府県"),
  city_cd: label(
    z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
    ),
    "市区町村",
    { select: true },
  ),
  district_cd: label(z.string().trim().min(1, { abort: true }).max(50), "町名"),
  locality: text("番地以下", 100),
  address_cd: text("住所コード", 20),
  map: z.object({ lat: text("緯度", 20), lng: text("経度", 20) }),
  price: label(
    z
      .string()
      .overwrite(toHalfWidth)
      .trim()
      .min(1, { abort: true })
      .regex(/^[0-9]+(\.[0-9]+)?$/, { abort: true, error: msg.decimal("価格（万円）") })
      .refine((v) => Number(v) !== 0, { abort: true, error: msg.notEqual("価格（万円）", 0) })
      .refine((v) => Number(v) < PRICE_LIMIT, { error: PRICE_TOO_LARGE }),
    "価格（万円）",
  ),
  income: z.object({ month: decimal("月額賃料収入（円）"), year: decimal("年間賃料収入（円）") }),
  yield: decimal("表面利回り（%）"),
  service_charge: decimal("管理費（円）"),
  maintenance_fee: decimal("修繕積立金（円）"),
  structure_cd: code(STRUCTURE_CHOICES, "構造"),
  structure_other: text("構造（その他）", 50),
  floor: z.object({ ground: decimal("地上階数"), under: decimal("地下階数"), location: decimal("所在階") }),
  built: z.object({ year: text("築年", 4), month: text("築月", 2) }),
  building_size: decimal("建物面積（㎡）"),
  occupied_size: decimal("専有面積（㎡）"),
  layout: text("間取り", 100),
  total_units: decimal("総戸数"),
  specifications: z.object({
    parking: text("駐車場", 100),
    elevator: text("エレベーター", 100),
    renovation: text("リフォーム", 200),
    separat: text("バス・トイレ", 100),
  }),
  features: z.object({ cert: flag, repair: flag, repair_note: text("大規模修繕の内容", 200) }),
  land_size: decimal("土地面積"),
  land_type: code(LAND_TYPES, "土地面積の単位"),
  land_note: text("土地備考", 200),
  land_rights: z.object({ type: code(LAND_RIGHTS, "土地権利"), other: text("土地権利（その他）", 100), fee: decimal("地代（円）") }),
  land_use_1: landUse("用途地域1"),
  land_use_2: landUse("用途地域2"),
  land_ratio: z.object({
    bdr_1: percent("建ぺい率1（%）", 100),
    bdr_2: percent("建ぺい率2（%）", 100),
    far_1: percent("容積率1（%）", 1300),
    far_2: percent("容積率2（%）", 1300),
  }),
  land_cat: z.object({ cd: code(LAND_CATS, "地目"), other: text("地目（その他）", 50) }),
  land_plan: z.object({ cd: code(LAND_PLANS, "都市計画"), other: text("都市計画（その他）", 50) }),
  land_corner: text("角地", 50),
  land_road: roadsInput,
  vacancy: z.object({ cd: code(VACANCIES, "現況"), other: text("現況（その他）", 100) }),
  assign: text("引渡し", 50),
  transactions: code(TRANSACTIONS, "取引態様"),
  original: z.object({
    reins: text("レインズ番号", 30),
    check_at: date("確認日"),
    staff: text("元付担当者", 50),
    company: text("元付会社", 100),
    tel: telIfFilled("元付電話番号"),
  }),
  comments: z.object({ main: cleanText("キャッチコピー", 2000), sub: cleanText("備考・コメント", 2000) }),
  transports: label(z.array(transportInput).max(MAX_TRANSPORTS), "交通"),
  images: label(z.array(imageInput).max(MAX_IMAGES), "画像"),
  public: flag,
  members: flag,
  premium: flag,
  registered_at: date("情報登録日"),
  next_update_at: date("次回更新予定日"),
  // 収支・積算 (issue 35): src/schemas/admin/investment-economics.ts
  ...economicsFields,
});

type Fields = z.output<typeof fields>;
type Ctx = z.core.$RefinementCtx<Fields>;

const requireAt = (ctx: Ctx, path: (string | number)[], name: string, select = false) =>
  ctx.addIssue({ code: "custom", path, message: msg.required(name, select) });

/** Cross-field rules (spec §5 "Property (admin)", 表示規約). `today` is the JST date the form is judged on. */
export function checkInvestment(v: Fields, ctx: Ctx, today = jstToday()): void {
  if (v.type_cd === undefined) requireAt(ctx, ["type_cd"], "物件種別", true);
  if (v.type_cd === TYPE_OTHER_ID && !v.type_other) requireAt(ctx, ["type_other"], "物件種別（その他）");
  if (v.pref_cd === undefined) requireAt(ctx, ["pref_cd"], "都道府県", true);
  if (v.city_cd === undefined) requireAt(ctx, ["city_cd"], "市区町村", true);
  if (v.type_cd !== undefined && !TYPES_WITHOUT_STRUCTURE.includes(v.type_cd) && v.structure_cd === undefined) {
    requireAt(ctx, ["structure_cd"], "構造", true);
  }
  if (v.structure_cd === STRUCTURE_OTHER_ID && !v.structure_other) requireAt(ctx, ["structure_other"], "構造（その他）");
  if (v.land_type === undefined) requireAt(ctx, ["land_type"], "土地面積の単位", true);
  if (v.vacancy.cd === undefined) requireAt(ctx, ["vacancy", "cd"], "現況", true);
  if (v.vacancy.cd === VACANCY_OTHER_ID && !v.vacancy.other) requireAt(ctx, ["vacancy", "other"], "現況（その他）");
  if (v.land_rights.type === LAND_RIGHTS_OTHER_ID && !v.land_rights.other) requireAt(ctx, ["land_rights", "other"], "土地権利（その他）");
  if (v.land_cat.cd === CODE_OTHER_ID && !v.land_cat.other) requireAt(ctx, ["land_cat", "other"], "地目（その他）");
  if (v.land_plan.cd === CODE_OTHER_ID && !v.land_plan.other) requireAt(ctx, ["land_plan", "other"], "都市計画（その他）");
  if (v.yield !== undefined && Number(v.yield) > 100) ctx.addIssue({ code: "custom", path: ["yield"], message: msg.max("表面利回り（%）", 100) });

  checkEconomics(v, (path, message) => ctx.addIssue({ code: "custom", path, message }), today);

  // built: a valid year (and month) when given
  const { year, month } = v.built;
  if (month !== undefined && year === undefined) requireAt(ctx, ["built", "year"], "築年");
  if (year !== undefined) {
    const y = Number(toHalfWidth(year));
    const maxYear = Number(today.slice(0, 4)) + 10;
    if (!/^\d{4}$/.test(toHalfWidth(year)) || y < 1868 || y > maxYear) {
      ctx.addIssue({ code: "custom", path: ["built", "year"], message: msg.invalidDate("築年") });
    }
  }
  if (month !== undefined) {
    const m = Number(toHalfWidth(month));
    if (!/^\d{1,2}$/.test(toHalfWidth(month)) || m < 1 || m > 12) {
      ctx.addIssue({ code: "custom", path: ["built", "month"], message: msg.invalidDate("築月") });
    }
  }

  // transports: what each kind needs
  v.transports.forEach((t, i) => {
    const at = (f: string) => ["transports", i, f];
    if (t.distance === undefined) {
      requireAt(ctx, at("distance"), "交通手段", true);
      return;
    }
    if (t.distance !== 3 && t.station_cd === undefined) requireAt(ctx, at("station_cd"), "駅", true);
    if (t.distance === 1 && t.station_walk === undefined) requireAt(ctx, at("station_walk"), "徒歩（分）");
    if (t.distance === 2) {
      if (!t.bus_name) requireAt(ctx, at("bus_name"), "バス停名");
      if (t.bus_time === undefined) requireAt(ctx, at("bus_time"), "バス乗車時間（分）");
      if (t.bus_walk === undefined) requireAt(ctx, at("bus_walk"), "バス停から徒歩（分）");
    }
    if (t.distance === 3 && !t.other) requireAt(ctx, at("other"), "その他の交通");
  });

  // 表示規約: what a published listing must show
  if (v.public) {
    if (v.transactions === undefined) requireAt(ctx, ["transactions"], "取引態様", true);
    if (!v.registered_at) requireAt(ctx, ["registered_at"], "情報登録日");
    if (!v.next_update_at) requireAt(ctx, ["next_update_at"], "次回更新予定日");
  }
  if (v.registered_at && v.registered_at > today) {
    ctx.addIssue({ code: "custom", path: ["registered_at"], message: `情報登録日は今日以前の日付を入力してください` });
  }
  if (v.next_update_at) {
    // The save makes today the 情報更新日, so its limit is today + 14 (saveInvestment checks again on its own clock).
    if (v.next_update_at > addDaysIso(today, NEXT_UPDATE_DAYS)) {
      ctx.addIssue({ code: "custom", path: ["next_update_at"], message: NEXT_UPDATE_MESSAGE });
    } else if (v.public && v.next_update_at < today) {
      ctx.addIssue({ code: "custom", path: ["next_update_at"], message: NEXT_UPDATE_PAST_MESSAGE });
    }
  }
}

/** The editor form. */
export const investmentForm = fields.superRefine((v, ctx) => checkInvestment(v, ctx));
export type InvestmentFormInput = z.input<typeof investmentForm>;
export type InvestmentFormOutput = z.output<typeof investmentForm>;

export const investmentIdInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Field errors come back under the form's own paths (no, transports.0.station_walk…), so the input is the form itself. */
export const createInvestmentInput = investmentForm;
/**
 * How a changed price is recorded (issue 30): "change" (the default) is a real 値下げ・価格改定 — a
 * history entry, matching mails for a cut, and the former price under 表示規約; "correction" replaces a
 * mistyped price — no mails, no new history entry, never a former price (src/server/investments/editor/price-correction.ts).
 */
export const PRICE_CHANGE_KINDS = ["change", "correction"] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];
const priceChange = label(z.enum(PRICE_CHANGE_KINDS), "価格の変更の種類").optional();
/** The body of REST PATCH /api/admin/investment/:id: the update less the id its path gives (same field schemas). */
export const updateInvestmentBody = fields.extend({ price_change: priceChange }).superRefine((v, ctx) => checkInvestment(v, ctx as unknown as Ctx));
export const updateInvestmentInput = fields
  .extend({
    id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    price_change: priceChange,
  })
  .superRefine((v, ctx) => checkInvestment(v, ctx as unknown as Ctx));

/** What a save answers (tRPC create / update; REST gives `_id` or `{status}` from it). */
export const investmentSaveResult = z.object({
  id: z.number().int().positive(),
  priceCut: z.boolean(),
  /** Whether the cut qualifies under 表示規約 (src/lib/former-price.ts): the former price is shown beside the new one. */
  formerPriceShown: z.boolean(),
  /** The price was replaced as a 訂正: nobody mailed, no history entry added. */
  priceCorrected: z.boolean(),
  published: z.boolean(),
});

/** GET /api/admin/investment/exists/{id}/{no}: id 0 (or absent) for a new listing; an empty no passes. */
export const existsInput = z.object({
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  no: z.string().max(100).optional(),
});

export const bulkInput = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(500),
  action: z.enum(BULK_ACTIONS.map((a) => a.key) as [BulkAction, ...BulkAction[]]),
});

/** Blank form values (a new listing). */
export function emptyInvestmentForm(today = jstToday()): InvestmentFormInput {
  return {
    no: "",
    type_cd: "",
    type_other: "",
    name: "",
    pref_cd: "",
    city_cd: "",
    district_cd: "",
    locality: "",
    address_cd: "",
    map: { lat: "", lng: "" },
    price: "",
    income: { month: "", year: "" },
    yield: "",
    service_charge: "",
    maintenance_fee: "",
    structure_cd: "",
    structure_other: "",
    floor: { ground: "", under: "", location: "" },
    built: { year: "", month: "" },
    building_size: "",
    occupied_size: "",
    layout: "",
    total_units: "",
    specifications: { parking: "", elevator: "", renovation: "", separat: "" },
    features: { cert: false, repair: false, repair_note: "" },
    land_size: "",
    land_type: "1",
    land_note: "",
    land_rights: { type: "", other: "", fee: "" },
    land_use_1: "",
    land_use_2: "",
    land_ratio: { bdr_1: "", bdr_2: "", far_1: "", far_2: "" },
    land_cat: { cd: "", other: "" },
    land_plan: { cd: "", other: "" },
    land_corner: "",
    land_road: [],
    vacancy: { cd: "", other: "" },
    assign: "",
    transactions: "",
    original: { reins: "", check_at: "", staff: "", company: "", tel: "" },
    comments: { main: "", sub: "" },
    transports: [],
    images: [],
    public: false,
    members: false,
    premium: false,
    registered_at: today,
    next_update_at: addDaysIso(today, NEXT_UPDATE_DAYS),
    ...EMPTY_ECONOMICS,
  } as InvestmentFormInput;
}
