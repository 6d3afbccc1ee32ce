import { MEMBER_STATUS_KEYS, MEMBER_TYPE_KEYS } from "@/lib/constants/account";
import { email, ifFilled, katakana, requiredString, tel, toHalfWidth } from "@/schemas/common";
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
