import { MEMBER_STATUS_KEYS, MEMBER_STATUSES, MEMBER_TYPE_KEYS, MEMBER_TYPES } from "@/lib/constants/account";
import { notificationInput } from "@/schemas/account";
import {
  email,
  ifFilled,
  isoDateTime,
  katakana,
  pageOf,
  pageResultOf,
  recordId,
  requiredString,
  storedEnum,
  tel,
  toHalfWidth,
  underscoreId,
  type Timestamp,
} from "@/schemas/common";
import { INQUIRY_KIND_KEYS, INQUIRY_STATUS_KEYS } from "@/lib/constants/contact";
import { MATCHING_REASONS } from "@/schemas/matching";
import { searchQueryDto } from "@/schemas/search";
import { label, z } from "@/schemas/zod";

/**
 * Admin member management (spec §6 "Admin", §7 admin account calls). The
 * search is also the CSV export's input, so an export is exactly the list
 * on screen (all pages).
 */
export const ACCOUNT_SORTS = [
  { key: "created_at", name: "登録日" },
  { key: "kana", name: "フリガナ" },
  { key: "email", name: "メールアドレス" },
  { key: "last_login_at", name: "最終ログイン" },
  { key: "id", name: "会員ID" },
] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number]["key"];
const SORT_KEYS = ACCOUNT_SORTS.map((s) => s.key) as [AccountSort, ...AccountSort[]];

export const ACCOUNTS_PAGE_SIZE = 30;
/** The CSV export stops here (a guard, far above the member count of a small brokerage). */
export const ACCOUNTS_EXPORT_MAX = 50_000;

const isoDate = z
  .string()
  .overwrite((v) => toHalfWidth(v).trim().replace(/\//g, "-"))
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+09:00`)));
/** Blank or missing query values are dropped; a bad one too (a list search never fails on a hand-edited URL). */
const optional = <T extends z.core.$ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), z.optional(schema).catch(undefined));
const text = (max: number) => optional(z.string().trim().min(1).max(max));
/** "provisional 仮登録、active 有効…": a key table for a parameter description. */
const keyNames = (list: readonly { key: string; name: string }[]) => list.map((o) => `${o.key} ${o.name}`).join("、");

export const accountSearchInput = z.object({
  name: text(100).describe("氏名（姓名を続けて部分一致、空白は無視）"),
  kana: text(100).describe("フリガナ（セイメイを続けて部分一致、空白は無視）"),
  email: text(254).describe("メールアドレス（部分一致）"),
  tel: text(30).describe("電話番号（数字だけで部分一致、ハイフンは無視）"),
  status: optional(z.enum(MEMBER_STATUS_KEYS)).describe(`ステータス: ${keyNames(MEMBER_STATUSES)}`),
  type: optional(z.enum(MEMBER_TYPE_KEYS)).describe(`会員種別: ${keyNames(MEMBER_TYPES)}`),
  from: optional(isoDate).describe("登録日の開始（YYYY-MM-DD、日本時間、その日を含む）"),
  to: optional(isoDate).describe("登録日の終了（YYYY-MM-DD、日本時間、その日を含む）"),
  sort: optional(z.enum(SORT_KEYS)).describe(`並び順: ${keyNames(ACCOUNT_SORTS)}（既定は登録日の新しい順、削除済みは削除日の新しい順）`),
  dir: optional(z.enum(["asc", "desc"])).describe("昇順 asc / 降順 desc（既定 desc）"),
  page: optional(z.coerce.number().int().min(1).max(100_000)).describe("ページ番号（30件ごと）"),
});
export type AccountSearchInput = z.input<typeof accountSearchInput>;
export type AccountSearch = z.output<typeof accountSearchInput>;

export const accountIdInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Staff register a member: the first-login mail carries a random initial password. */
export const registerMemberInput = z.object({
  email: email(),
  names: z.object({ last: requiredString("姓", { max: 50 }), first: requiredString("名", { max: 50 }) }),
  kanas: z.object({ last: katakana("セイ", { max: 50 }), first: katakana("メイ", { max: 50 }) }),
  type: label(z.enum(MEMBER_TYPE_KEYS), "会員種別", { select: true }),
  company: z.string().trim().max(100).optional(),
  tel: ifFilled(tel("電話番号")),
});
export type RegisterMemberInput = z.input<typeof registerMemberInput>;

export const accountStatusInput = accountIdInput.extend({ status: label(z.enum(MEMBER_STATUS_KEYS), "ステータス", { select: true }) });
export const accountTypeInput = accountIdInput.extend({ type: label(z.enum(MEMBER_TYPE_KEYS), "会員種別", { select: true }) });

export const CSV_ENCODINGS = [
  { key: "utf8", name: "UTF-8（BOM付き）" },
  { key: "sjis", name: "Shift_JIS（Excel向け）" },
] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number]["key"];

// ---------------------------------------------------------------------------
// Responses: each written once over how timestamps travel, then instantiated
// as the procedure answers it (`id`, Dates: `.output()`) and as the REST
// adapter sends it (`_id`, ISO strings: the `…Dto` route pins).
// ---------------------------------------------------------------------------

const nullableText = z.string().nullable();
const memberStatus = storedEnum(MEMBER_STATUS_KEYS);
const memberType = storedEnum(MEMBER_TYPE_KEYS);

/** A row of the member search (and of the deleted list). */
const accountListItemOf = <T extends Timestamp>(at: T) =>
  z.object({
    id: recordId,
    email: z.string(),
    status: memberStatus,
    type: memberType,
    last_name: z.string(),
    first_name: z.string(),
    kana_last: z.string(),
    kana_first: z.string(),
    company: nullableText,
    tel: nullableText,
    pref: nullableText,
    city: nullableText,
    created_at: at,
    last_login_at: z.nullable(at),
    deleted_at: z.nullable(at),
    deleted_reason: nullableText,
  });

/** admin.accounts.search (and deleted.search) */
export const accountPage = pageResultOf(accountListItemOf(z.date()));
/** A row of GET /api/admin/account/search (and the deleted list). */
export const accountListItemDto = underscoreId(accountListItemOf(isoDateTime));
export const accountPageDto = pageOf(accountListItemDto);

/** The member's own record as staff see it: everything but the password hash. */
const accountProfileOf = <T extends Timestamp>(at: T) =>
  accountListItemOf(at).extend({
    zip: nullableText,
    address: nullableText,
    fax: nullableText,
    job: nullableText,
    job_other: nullableText,
    salary: nullableText,
    /** own funds in 万円 */
    money: z.number().int().nullable(),
    contact_method: z.array(z.string()).nullable(),
    contact_time: nullableText,
    interest_areas: z.array(z.number().int()).nullable(),
    must_reset_password: z.boolean(),
    password_expires_at: z.nullable(at),
    email_verified_at: z.nullable(at),
    last_mypage_at: z.nullable(at),
    updated_at: at,
  });

/** The member's mail settings as stored: the form's values, read from a text column. */
const storedNotification = notificationInput.extend({ matching: z.string().pipe(notificationInput.shape.matching) });

/** The member and what they did: profile, bookmarks, saved conditions, matchings, inquiries, live sessions; rows keyed `id`. */
const accountDetailOf = <T extends Timestamp>(at: T) =>
  z.object({
    profile: accountProfileOf(at),
    bookmarks: z.array(
      z.object({
        investment_id: recordId,
        name: z.string(),
        no: nullableText,
        price: z.number().int(),
        price_at_bookmark: z.number().int(),
        created_at: at,
      }),
    ),
    // A stored query that no longer parses shows as no condition, as on the member's own list.
    filters: z.array(z.object({ id: recordId, name: z.string(), query: searchQueryDto.catch({}), created_at: at })),
    matchings: z.array(
      z.object({
        id: recordId,
        investment_id: recordId,
        name: z.string(),
        reason: storedEnum(MATCHING_REASONS),
        price: z.number().int(),
        read_at: z.nullable(at),
        created_at: at,
      }),
    ),
    contacts: z.array(
      z.object({
        id: recordId,
        kind: storedEnum(INQUIRY_KIND_KEYS),
        status: storedEnum(INQUIRY_STATUS_KEYS),
        snapshot: z.object({ no: nullableText, name: z.string(), price: z.number().int() }).nullable(),
        created_at: at,
      }),
    ),
    /** Live sessions (never their ids). */
    sessions: z.array(z.object({ created_at: at, expires_at: at, ip: nullableText, user_agent: nullableText })),
    notification: storedNotification.nullable(),
  });

/** admin.accounts.byId (and deleted.byId) */
export const accountDetail = accountDetailOf(z.date());

const wireDetail = accountDetailOf(isoDateTime);
/** GET /api/admin/account/item/{id} (and …/deleted/item/{id}): the same with every row keyed `_id` (dto.ts toAccountDetail). */
export const accountDetailDto = wireDetail.extend({
  profile: underscoreId(wireDetail.shape.profile),
  filters: z.array(underscoreId(wireDetail.shape.filters.element)),
  matchings: z.array(underscoreId(wireDetail.shape.matchings.element)),
  contacts: z.array(underscoreId(wireDetail.shape.contacts.element)),
});
export type AccountDetailDto = z.infer<typeof accountDetailDto>;
