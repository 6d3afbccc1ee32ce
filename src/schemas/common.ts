/**
 * Field helpers shared by the app's forms (SPEC §5). Wording comes from the
 * message table in ./messages; labels are attached with `label()`.
 *
 * String helpers take and return strings (`z.input` stays `string`, which is
 * what form libraries want) and normalise the value with overwrite steps
 * (full-width → half-width, trim) before validating it.
 */
import { CONTACT_METHOD_KEYS, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/constants/account";
import { msg, type CustomIssueParams } from "./messages";
import { label, z } from "./zod";

// ---------------------------------------------------------------------------
// Normalisation
// ---------------------------------------------------------------------------

/** Full-width ASCII (U+FF01–U+FF5E: digits, letters, symbols) → half-width. */
export function toHalfWidth(value: string): string {
  return value.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
}

/**
 * Preprocess step converting full-width digits/letters to half-width before
 * `schema` sees the value (non-strings pass through untouched).
 * `halfWidthDigits(z.coerce.number())` accepts "１２３".
 */
export function halfWidthDigits<T extends z.core.$ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" ? toHalfWidth(value) : value), schema);
}

/**
 * Optional field validated only when filled: undefined, null and blank
 * strings become `undefined`; anything else must pass `schema`.
 * `ifFilled(katakana("メイ"))`, `ifFilled(tel("FAX番号"))`.
 */
export function ifFilled<T extends z.core.$ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value), z.optional(schema));
}

// ---------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------

export interface StringOptions {
  /** Maximum length (characters) after trimming. */
  max?: number;
}

/** Trimmed string, "" (or blanks) counts as missing: "{label}を入力してください". */
export function requiredString(text: string, options: StringOptions = {}) {
  let schema = z.string().trim().min(1, { abort: true });
  if (options.max !== undefined) schema = schema.max(options.max);
  return label(schema, text);
}

/** Required e-mail address: trimmed, full-width converted, lowercased, at most 254 characters. */
export function email(text = "メールアドレス") {
  return label(z.string().overwrite(toHalfWidth).trim().toLowerCase().min(1, { abort: true }).max(254, { abort: true }).check(z.email()), text);
}

/** Dash-like characters an IME produces for "-" in a phone number (ー ‐ ‑ ‒ – — ― − ｰ). */
const DASHES = /[\u30FC\u2010-\u2015\u2212\uFF70]/g;

/**
 * Required phone/fax number: digits and hyphens, at least 10 characters.
 * Full-width characters are converted first, and dash look-alikes (ー, −, ‐ …)
 * become "-".
 */
export function tel(text: string) {
  return label(
    z
      .string()
      .overwrite((value) => toHalfWidth(value).replace(DASHES, "-"))
      .trim()
      .min(1, { abort: true })
      .regex(/^[0-9-]+$/, { abort: true, error: msg.tel(text) })
      .min(10),
    text,
  );
}

/**
 * ご希望の連絡方法 and its rule, shared by sign-up, the member profile and the
 * inquiry forms: at least one method, and FAX chosen needs a FAX number
 * (`faxForMethod`, reported under the form's FAX field).
 */
export const contactMethods = () => label(z.array(z.enum(CONTACT_METHOD_KEYS)).min(1), "ご希望の連絡方法", { select: true });
export function faxForMethod(v: { method?: readonly string[] | undefined; fax?: string | undefined }, ctx: z.RefinementCtx, faxPath: PropertyKey[]): void {
  if (v.method?.includes("fax") && !v.fax?.trim()) ctx.addIssue({ code: "custom", path: faxPath, params: { kind: "required", label: "FAX番号" } });
}

/**
 * Required new password: at least PASSWORD_MIN characters, half-width alphanumerics and symbols only.
 * Never normalised. Only the length and characters are checked here (forms check them in the browser);
 * the common-password and e-mail/name rules run on the server (src/server/auth/password-policy.ts).
 */
export function password(text = "パスワード") {
  return label(
    z
      .string()
      .min(1, { abort: true })
      .regex(/^[\x21-\x7e]+$/, { abort: true, error: msg.disallowedChars(text) })
      .min(PASSWORD_MIN)
      .max(PASSWORD_MAX),
    text,
  );
}

/** Required full-width katakana (ー allowed). */
export function katakana(text: string, options: StringOptions = {}) {
  let schema = z
    .string()
    .trim()
    .min(1, { abort: true })
    .regex(/^[\u30A1-\u30F6\u30FC]+$/, { abort: true, error: msg.katakana(text) });
  if (options.max !== undefined) schema = schema.max(options.max);
  return label(schema, text);
}

/** Required half-width digits only (full-width converted first), e.g. money amounts. Output stays a string. */
export function digits(text: string) {
  return label(
    z
      .string()
      .overwrite(toHalfWidth)
      .trim()
      .min(1, { abort: true })
      .regex(/^[0-9]+$/, { error: msg.halfWidthDigits(text) }),
    text,
  );
}

/**
 * Required number as typed in a form: digits with at most one decimal point,
 * not zero ("0", "0.00" rejected); full-width converted first. Output stays
 * a normalised string (e.g. "1234.5") so no precision is lost.
 */
export function nonZeroDecimal(text: string) {
  return label(
    z
      .string()
      .overwrite(toHalfWidth)
      .trim()
      .min(1, { abort: true })
      .regex(/^[0-9]+(\.[0-9]+)?$/, { abort: true, error: msg.decimal(text) })
      .check(notEqualBy((value: string) => Number(value), 0)),
    text,
  );
}

// ---------------------------------------------------------------------------
// Checks reported through the message table (use with `.check(...)`)
// ---------------------------------------------------------------------------

type Primitive = string | number | bigint | boolean | null | undefined;
/** Literal types widened to their primitive ("a" → string, 0 → number). */
type Widen<T> = T extends string ? string : T extends number ? number : T extends bigint ? bigint : T extends boolean ? boolean : T;

/** Value must not be one of `values`: "{label}には次の値を指定できません: a, b". */
export function notOneOf<T extends Primitive>(values: readonly T[]) {
  const params: CustomIssueParams = { kind: "not_one_of", values };
  return z.refine<Widen<T>>((value) => !(values as readonly unknown[]).includes(value), { params });
}

/** Value must differ from `value`: "{label}は{value}以外の値を入力してください". */
export function notEqual<T extends Primitive>(value: T) {
  const params: CustomIssueParams = { kind: "not_equal", value };
  return z.refine<Widen<T>>((v) => v !== value, { params });
}

function notEqualBy<T, U extends Primitive>(project: (value: T) => U, value: U) {
  const params: CustomIssueParams = { kind: "not_equal", value };
  return z.refine<T>((v) => project(v) !== value, { params });
}

/** String must have no leading/trailing whitespace: "{label}の前後に空白を入れないでください". */
export function trimmed() {
  const params: CustomIssueParams = { kind: "trimmed" };
  return z.refine<string>((value) => value === value.trim(), { params });
}

// ---------------------------------------------------------------------------
// Response shapes (procedure outputs and the REST adapter's pinned bodies)
// ---------------------------------------------------------------------------

/** `{ status: true }`: the answer of a call that either succeeds or fails with an error. */
export const statusOk = z.object({ status: z.literal(true) });

/** `{ exists }`: a uniqueness check (saved-filter name, property number). */
export const existsResult = z.object({ exists: z.boolean() });

/** A row's primary key (the spec's `_id` in REST bodies, `id` in a procedure's answer). */
export const recordId = z.number().int().positive();

type UnderscoreId<S> = { [K in keyof S as K extends "id" ? "_id" : K]: S[K] };

/**
 * A procedure's row schema as REST bodies carry it: `id` renamed `_id` (and
 * put first), the rename dto.ts's `withUnderscoreId` makes on the value.
 */
export function underscoreId<S extends z.ZodRawShape & { id: z.ZodType }>(row: z.ZodObject<S>): z.ZodObject<UnderscoreId<S>> {
  const { id, ...rest } = row.shape;
  // The same field schemas under the renamed key; TypeScript cannot follow the rename through a spread.
  return z.object({ _id: id, ...rest }) as unknown as z.ZodObject<UnderscoreId<S>>;
}

/**
 * One of `keys`, read from a text column: any string goes in (the column's
 * type), only a key passes and comes out. In a JSON Schema it is the enum.
 */
export function storedEnum<const T extends readonly [string, ...string[]]>(keys: T) {
  return z.string().pipe(z.enum(keys));
}

/** `{ id }`: a call that created one row, as the procedure answers it. */
export const createdRow = z.object({ id: recordId });

/** `{ _id }`: the answer of a call that created one row (REST). */
export const created = underscoreId(createdRow);

/** A point in time on the wire: ISO 8601 in UTC, as `Date#toJSON` writes it. */
export const isoDateTime = z.iso.datetime();

/**
 * How a timestamp travels: a `Date` in a procedure's answer (tRPC carries it
 * with superjson) and an ISO string in a REST body (JSON). A response schema
 * with timestamps is written once, as a function of this, and instantiated
 * for both: `accountListItemOf(z.date())` for `.output()`,
 * `accountListItemOf(isoDateTime)` for the REST route's pin.
 */
export type Timestamp = z.ZodDate | typeof isoDateTime;

const pageNumber = z.number().int().min(1);
const pageFields = { total: z.number().int().min(0), page: pageNumber, last: pageNumber };

/** One page of a list (REST): its items, the total over all pages, this page and the last one (1 when empty). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), ...pageFields, page_size: pageNumber });
}

/** The same page as a procedure answers it: `pageSize` (the REST adapter renames it `page_size`). */
export function pageResultOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), ...pageFields, pageSize: pageNumber });
}

/** 郵便番号: full-width digits and dashes accepted, "5300001" or "530-0001" kept as typed (profile, postal lookup). */
export const zipCode = (text = "郵便番号") =>
  label(
    z
      .string()
      .overwrite((v) => toHalfWidth(v).replace(/[ー－−]/g, "-"))
      .trim()
      .min(1, { abort: true })
      .regex(/^\d{3}-?\d{4}$/, { error: "郵便番号は7桁の数字で入力してください" }),
    text,
  );
