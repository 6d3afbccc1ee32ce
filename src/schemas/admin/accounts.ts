import { MEMBER_STATUS_KEYS, MEMBER_TYPE_KEYS } from "@/lib/constants/account";
import { notificationInput } from "@/schemas/account";
import { email, ifFilled, isoDateTime, katakana, pageOf, recordId, requiredString, tel, toHalfWidth } from "@/schemas/common";
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

export const accountSearchInput = z.object({
  /** 氏名 (姓名, with or without the space) */
  name: text(100),
  kana: text(100),
  email: text(254),
  /** digits are compared without hyphens */
  tel: text(30),
  status: optional(z.enum(MEMBER_STATUS_KEYS)),
  type: optional(z.enum(MEMBER_TYPE_KEYS)),
  /** registered on or after (JST) */
  from: optional(isoDate),
  /** registered on or before (JST) */
  to: optional(isoDate),
  sort: optional(z.enum(SORT_KEYS)),
  dir: optional(z.enum(["asc", "desc"])),
  page: optional(z.coerce.number().int().min(1).max(100_000)),
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
// Responses (REST wire shapes: `_id` for keys, ISO strings for timestamps)
// ---------------------------------------------------------------------------

const nullableText = z.string().nullable();
const memberStatus = z.enum(MEMBER_STATUS_KEYS);
const memberType = z.enum(MEMBER_TYPE_KEYS);

/** A row of the member search (GET /api/admin/account/search and the deleted list). */
export const accountListItemDto = z.object({
  _id: recordId,
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
  created_at: isoDateTime,
  last_login_at: isoDateTime.nullable(),
  deleted_at: isoDateTime.nullable(),
  deleted_reason: nullableText,
});
export const accountPageDto = pageOf(accountListItemDto);

/** The member's own record as staff see it: everything but the password hash. */
export const accountProfileDto = accountListItemDto.extend({
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
  password_expires_at: isoDateTime.nullable(),
  email_verified_at: isoDateTime.nullable(),
  last_mypage_at: isoDateTime.nullable(),
  updated_at: isoDateTime,
});

/** GET /api/admin/account/item/{id} (and …/deleted/item/{id}): the member and what they did. */
export const accountDetailDto = z.object({
  profile: accountProfileDto,
  bookmarks: z.array(
    z.object({
      investment_id: recordId,
      name: z.string(),
      no: nullableText,
      price: z.number().int(),
      price_at_bookmark: z.number().int(),
      created_at: isoDateTime,
    }),
  ),
  // A stored query that no longer parses shows as no condition, as on the member's own list.
  filters: z.array(z.object({ _id: recordId, name: z.string(), query: searchQueryDto.catch({}), created_at: isoDateTime })),
  matchings: z.array(
    z.object({
      _id: recordId,
      investment_id: recordId,
      name: z.string(),
      reason: z.enum(MATCHING_REASONS),
      price: z.number().int(),
      read_at: isoDateTime.nullable(),
      created_at: isoDateTime,
    }),
  ),
  contacts: z.array(
    z.object({
      _id: recordId,
      kind: z.enum(INQUIRY_KIND_KEYS),
      status: z.enum(INQUIRY_STATUS_KEYS),
      snapshot: z.object({ no: nullableText, name: z.string(), price: z.number().int() }).nullable(),
      created_at: isoDateTime,
    }),
  ),
  /** Live sessions (never their ids). */
  sessions: z.array(z.object({ created_at: isoDateTime, expires_at: isoDateTime, ip: nullableText, user_agent: nullableText })),
  notification: notificationInput.nullable(),
});
export type AccountDetailDto = z.infer<typeof accountDetailDto>;
