/**
 * Japanese validation message table for zod 4 (SPEC §5 "Generic message table").
 *
 * This file and `src/schemas/zod.ts` are the only modules allowed to import
 * from "zod" directly; everything else imports `z` from "@/schemas/zod".
 *
 * `japaneseErrorMap` is installed globally by `src/schemas/zod.ts` with
 * `z.config({ customError })`, so it applies to every schema of the app,
 * server and client. A message given explicitly on a schema or check
 * (`{ error: "..." }`) still wins over the table.
 *
 * Labels: a field's Japanese label lives in `labelRegistry` (attach it with
 * `label()` from "@/schemas/zod"). The map finds it from the failing schema
 * (`issue.inst`), from the schema owning the failing check (`issue.schema`),
 * through wrappers (optional, nullable, default, pipe/preprocess/transform,
 * union options …), and — for refinements on an object that report on a
 * child path (`.refine(fn, { path: ["detail"] })`, `ctx.addIssue({ path })`)
 * — from the child field at that path. `.meta({ label: "…" })` is honoured as
 * a fallback.
 *
 * Custom issues may carry `params` understood by the table:
 *   { kind: "required" }                    → "{label}を入力してください"
 *   { kind: "required", select: true }      → "{label}を選択してください"
 *   { kind: "not_one_of", values: [...] }   → "{label}には次の値を指定できません: a, b"
 *   { kind: "not_equal", value: x }         → "{label}はx以外の値を入力してください"
 *   { kind: "trimmed" }                     → "{label}の前後に空白を入れないでください"
 *   { kind: "mismatch" }                    → "{label}が一致しません"
 *   { label: "…" }                          → overrides the label for that issue
 */
import { z } from "zod";

/** Metadata stored in {@link labelRegistry}. */
export interface LabelMeta {
  /** Japanese field label, e.g. "姓". */
  label: string;
  /** Field is chosen rather than typed: required message says 選択してください. */
  select?: boolean;
}

/** Registry holding field labels. Use `label()` from "@/schemas/zod" to add entries. */
/**
 * One registry per process, not per module instance: a production server
 * bundles this module into several layers (pages, route handlers) while zod's
 * global config may be shared, so the error map installed by one layer must
 * find labels attached in another.
 */
const REGISTRY_KEY = Symbol.for("kansai-investment-realty.zod-labels");
type RegistryHost = { [REGISTRY_KEY]?: ReturnType<typeof z.registry<LabelMeta>> };
export const labelRegistry = ((globalThis as RegistryHost)[REGISTRY_KEY] ??= z.registry<LabelMeta>());

/** Known `params.kind` values of custom issues. */
export type CustomIssueKind = "required" | "not_one_of" | "not_equal" | "trimmed" | "mismatch";

/** Shape of `params` of custom issues understood by the table. */
export interface CustomIssueParams {
  kind?: CustomIssueKind;
  label?: string;
  select?: boolean;
  values?: readonly unknown[];
  value?: unknown;
}

type AnySchema = z.core.$ZodType;
type RawIssue = z.core.$ZodRawIssue;

// ---------------------------------------------------------------------------
// Message builders (shared with src/schemas/common.ts so wording lives here)
// ---------------------------------------------------------------------------

/** "{label}{particle}" or "" when there is no label. */
const pre = (label: string | undefined, particle: string): string => (label ? `${label}${particle}` : "");

const list = (values: readonly unknown[]): string => values.map(display).join(", ");

function display(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return formatDateJa(value.getTime());
  return String(value);
}

const dateFormatter = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/** Formats a timestamp as YYYY年M月D日 in Japan time. */
export function formatDateJa(time: number | Date): string {
  const parts = dateFormatter.formatToParts(typeof time === "number" ? time : time.getTime());
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}年${get("month")}月${get("day")}日`;
}

const FORMAT_NAMES: Record<string, string> = {
  email: "メールアドレス",
  url: "URL",
  uuid: "UUID",
  uuidv4: "UUID",
  uuidv6: "UUID",
  uuidv7: "UUID",
  guid: "UUID",
  datetime: "日時",
  date: "日付",
  time: "時刻",
  duration: "期間",
  ipv4: "IPアドレス",
  ipv6: "IPアドレス",
  cidrv4: "IPアドレス範囲",
  cidrv6: "IPアドレス範囲",
  mac: "MACアドレス",
  e164: "電話番号",
  emoji: "絵文字",
  base64: "Base64文字列",
  base64url: "Base64文字列",
  json_string: "JSON文字列",
  jwt: "JWT",
};

/** Every message of the table, as plain functions of the label. */
export const msg = {
  required: (label?: string, select = false): string => (select ? `${pre(label, "を")}選択してください` : `${pre(label, "を")}入力してください`),
  invalid: (label?: string): string => `${pre(label, "の")}値が正しくありません`,
  invalidDate: (label?: string): string => `${pre(label, "の")}日付が正しくありません`,
  oneOf: (label: string | undefined, values: readonly unknown[]): string => `${pre(label, "は")}次のいずれかを指定してください: ${list(values)}`,
  notOneOf: (label: string | undefined, values: readonly unknown[]): string => `${pre(label, "には")}次の値を指定できません: ${list(values)}`,
  notEqual: (label: string | undefined, value: unknown): string => `${pre(label, "は")}${display(value)}以外の値を入力してください`,
  mismatch: (label?: string): string => `${pre(label, "が")}一致しません`,

  // strings
  lengthExact: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}文字で入力してください`,
  lengthMin: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}文字以上で入力してください`,
  lengthMax: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}文字以内で入力してください`,
  format: (label: string | undefined, format?: string): string => {
    const name = label ?? (format !== undefined ? FORMAT_NAMES[format] : undefined);
    return `${pre(name, "の")}形式が正しくありません`;
  },
  email: (label?: string): string => `${label ?? "メールアドレス"}の形式が正しくありません`,
  trimmed: (label?: string): string => `${pre(label, "の")}前後に空白を入れないでください`,
  lowercase: (label?: string): string => `${pre(label, "は")}小文字で入力してください`,
  uppercase: (label?: string): string => `${pre(label, "は")}大文字で入力してください`,
  startsWith: (label: string | undefined, prefix: string): string => `${pre(label, "は")}「${prefix}」で始まる値を入力してください`,
  endsWith: (label: string | undefined, suffix: string): string => `${pre(label, "は")}「${suffix}」で終わる値を入力してください`,
  includes: (label: string | undefined, part: string): string => `${pre(label, "は")}「${part}」を含む値を入力してください`,
  halfWidthDigits: (label?: string): string => `${pre(label, "は")}半角数字で入力してください`,
  decimal: (label?: string): string => `${pre(label, "は")}数値で入力してください`,
  tel: (label?: string): string => `${pre(label, "は")}半角数字とハイフンで入力してください`,
  katakana: (label?: string): string => `${pre(label, "は")}全角カタカナで入力してください`,
  disallowedChars: (label?: string): string => `${label ?? "入力値"}に使用できない文字が含まれています`,

  // numbers and bigints
  min: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}以上で入力してください`,
  max: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}以下で入力してください`,
  moreThan: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}より大きい値を入力してください`,
  lessThan: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}未満で入力してください`,
  positive: (label?: string): string => `${pre(label, "は")}正の数で入力してください`,
  negative: (label?: string): string => `${pre(label, "は")}負の数で入力してください`,
  integer: (label?: string): string => `${pre(label, "は")}整数で入力してください`,
  multipleOf: (label: string | undefined, divisor: number | bigint): string => `${pre(label, "は")}${divisor}の倍数で入力してください`,

  // dates
  dateMin: (label: string | undefined, time: number): string => `${pre(label, "は")}${formatDateJa(time)}以降の日付を入力してください`,
  dateAfter: (label: string | undefined, time: number): string => `${pre(label, "は")}${formatDateJa(time)}より後の日付を入力してください`,
  dateMax: (label: string | undefined, time: number): string => `${pre(label, "は")}${formatDateJa(time)}以前の日付を入力してください`,
  dateBefore: (label: string | undefined, time: number): string => `${pre(label, "は")}${formatDateJa(time)}より前の日付を入力してください`,

  // collections and objects
  countExact: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}件選択してください`,
  countMin: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}件以上選択してください`,
  countMax: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}件以内で選択してください`,
  fileMin: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}バイト以上のファイルを選択してください`,
  fileMax: (label: string | undefined, n: number | bigint): string => `${pre(label, "は")}${n}バイト以下のファイルを選択してください`,
  unknownKeys: (label: string | undefined, keys: readonly string[]): string => `${pre(label, "に")}不明な項目が含まれています: ${keys.join(", ")}`,
  invalidKey: (label?: string): string => `${pre(label, "に")}正しくない項目名が含まれています`,
  invalidElement: (label?: string): string => `${pre(label, "に")}正しくない値が含まれています`,
} as const;

// ---------------------------------------------------------------------------
// Label lookup
// ---------------------------------------------------------------------------

/** Types whose def has a single `innerType` that sees the same value. */
export const WRAPPER_TYPES: ReadonlySet<string> = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "success",
  "catch",
  "readonly",
  "promise",
]);

/** Types that hold other fields (their labels are not their children's). */
export const CONTAINER_TYPES: ReadonlySet<string> = new Set(["object", "array", "tuple", "record", "map", "set", "intersection", "lazy"]);

const MAX_DEPTH = 24;

export function isSchema(value: unknown): value is AnySchema {
  if (typeof value !== "object" || value === null || !("_zod" in value)) return false;
  const traits = (value as { _zod?: { traits?: unknown } })._zod?.traits;
  return traits instanceof Set && traits.has("$ZodType");
}

type LooseDef = Record<string, unknown> & { type: string };
const defOf = (schema: AnySchema): LooseDef => schema._zod.def as unknown as LooseDef;

/** Schemas that see the same value as `schema` (wrapper inner, pipe ends, union options). */
export function innerSchemas(schema: AnySchema): AnySchema[] {
  const def = defOf(schema);
  if (WRAPPER_TYPES.has(def.type)) return isSchema(def.innerType) ? [def.innerType] : [];
  if (def.type === "pipe") return [def.out, def.in].filter(isSchema);
  if (def.type === "union" && Array.isArray(def.options)) return def.options.filter(isSchema);
  return [];
}

function ownLabel(schema: AnySchema): LabelMeta | undefined {
  const own = labelRegistry.get(schema);
  if (own) return own;
  const meta = z.globalRegistry.get(schema);
  if (meta && typeof meta.label === "string") {
    return typeof meta.select === "boolean" ? { label: meta.label, select: meta.select } : { label: meta.label };
  }
  return undefined;
}

/** The label of a schema, looking through wrappers, pipes and union options. */
export function labelOf(schema: AnySchema, depth = 0): LabelMeta | undefined {
  const own = ownLabel(schema);
  if (own || depth >= MAX_DEPTH) return own;
  for (const inner of innerSchemas(schema)) {
    const found = labelOf(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Child schema at `key` inside a container (through wrappers). */
function childAt(schema: AnySchema, key: PropertyKey, depth = 0): AnySchema | undefined {
  if (depth >= MAX_DEPTH) return undefined;
  const def = defOf(schema);
  let child: unknown;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<PropertyKey, unknown> | undefined;
      child = typeof key !== "symbol" && shape && Object.prototype.hasOwnProperty.call(shape, key) ? shape[key] : undefined;
      break;
    }
    case "array":
      child = typeof key === "number" || /^\d+$/.test(String(key)) ? def.element : undefined;
      break;
    case "tuple": {
      const items = def.items as unknown[] | undefined;
      child = (typeof key === "number" ? items?.[key] : undefined) ?? def.rest;
      break;
    }
    case "record":
    case "map":
      child = def.valueType;
      break;
    case "intersection":
      child = (isSchema(def.left) ? childAt(def.left, key, depth + 1) : undefined) ?? (isSchema(def.right) ? childAt(def.right, key, depth + 1) : undefined);
      break;
    case "lazy": {
      const inner = (schema._zod as { innerType?: unknown }).innerType;
      child = isSchema(inner) ? childAt(inner, key, depth + 1) : undefined;
      break;
    }
    default:
      for (const inner of innerSchemas(schema)) {
        child = childAt(inner, key, depth + 1);
        if (child) break;
      }
  }
  return isSchema(child) ? child : undefined;
}

function walk(container: AnySchema, path: readonly PropertyKey[]): AnySchema | undefined {
  let current: AnySchema | undefined = container;
  for (const key of path) {
    if (!current) return undefined;
    current = childAt(current, key);
  }
  return current;
}

/**
 * The field a container-level check reported on. `.refine(fn, { path })`
 * keeps its relative path in its def; for other checks (superRefine's
 * `ctx.addIssue({ path })`) the issue path is absolute by the time the map
 * runs, so the longest suffix of it that exists inside the container is used.
 */
function fieldAtPath(container: AnySchema, check: unknown, path: readonly PropertyKey[]): AnySchema | undefined {
  if (isSchema(check) && defOf(check).type === "custom") {
    const relative = defOf(check).path;
    return Array.isArray(relative) && relative.length > 0 ? walk(container, relative as PropertyKey[]) : undefined;
  }
  for (let start = 0; start < path.length; start++) {
    const found = walk(container, path.slice(start));
    if (found) return found;
  }
  return undefined;
}

/** The field an issue is about, and its label metadata. */
export interface IssueTarget {
  meta?: LabelMeta;
  schema?: AnySchema;
}

/** Finds the field and label for a raw issue, as described at the top of this file. */
export function issueTarget(issue: RawIssue): IssueTarget {
  const inst: unknown = issue.inst;
  const owner: unknown = issue.schema;
  let schema: AnySchema | undefined;
  if (isSchema(inst) && (inst === owner || owner === undefined)) {
    // raised by the schema itself
    schema = inst;
  } else if (isSchema(owner)) {
    // raised by a check attached to `owner`, possibly about a child path
    const child = issue.path && issue.path.length > 0 ? fieldAtPath(owner, inst, issue.path) : undefined;
    schema = child ?? owner;
  } else if (isSchema(inst)) {
    schema = inst;
  }
  const params = issue.code === "custom" ? (issue.params as CustomIssueParams | undefined) : undefined;
  if (typeof params?.label === "string") {
    const meta: LabelMeta = params.select === undefined ? { label: params.label } : { label: params.label, select: params.select };
    return schema ? { meta, schema } : { meta };
  }
  const meta = schema ? labelOf(schema) : undefined;
  return { ...(meta ? { meta } : {}), ...(schema ? { schema } : {}) };
}

/** Whether a blank value for this schema should say 選択してください. */
function isSelectSchema(schema: AnySchema, depth = 0): boolean {
  if (depth >= MAX_DEPTH) return false;
  const def = defOf(schema);
  switch (def.type) {
    case "enum":
    case "literal":
    case "array":
    case "set":
      return true;
    case "union":
      return innerSchemas(schema).every((o) => isSelectSchema(o, depth + 1));
    default:
      if (WRAPPER_TYPES.has(def.type) && isSchema(def.innerType)) return isSelectSchema(def.innerType, depth + 1);
      return false;
  }
}

function isBlank(input: unknown): boolean {
  return input === undefined || input === null || input === "";
}

// ---------------------------------------------------------------------------
// The error map
// ---------------------------------------------------------------------------

/**
 * zod 4 error map returning the Japanese message for an issue. Installed
 * globally by "@/schemas/zod"; pure apart from reading label metadata.
 */
export function japaneseErrorMap(issue: RawIssue): string {
  const { meta, schema } = issueTarget(issue);
  const label = meta?.label;
  const select = meta?.select ?? (schema ? isSelectSchema(schema) : false);
  const required = () => msg.required(label, select);

  switch (issue.code) {
    case "invalid_type": {
      if (isBlank(issue.input)) return required();
      if (issue.expected === "int") return msg.integer(label);
      if (issue.expected === "date") return msg.invalidDate(label);
      return msg.invalid(label);
    }

    case "invalid_value": {
      if (isBlank(issue.input)) return required();
      return issue.values.length > 1 ? msg.oneOf(label, issue.values) : msg.invalid(label);
    }

    case "invalid_union":
      return isBlank(issue.input) ? required() : msg.invalid(label);

    case "too_small": {
      const n = issue.minimum;
      switch (issue.origin) {
        case "string":
          if (isBlank(issue.input)) return required();
          return issue.exact ? msg.lengthExact(label, n) : msg.lengthMin(label, n);
        case "array":
        case "set":
        case "map":
          return issue.exact ? msg.countExact(label, n) : msg.countMin(label, n);
        case "file":
          return msg.fileMin(label, n);
        case "date":
          return issue.inclusive ? msg.dateMin(label, Number(n)) : msg.dateAfter(label, Number(n));
        default:
          if (issue.inclusive) return msg.min(label, n);
          return String(n) === "0" ? msg.positive(label) : msg.moreThan(label, n);
      }
    }

    case "too_big": {
      const n = issue.maximum;
      switch (issue.origin) {
        case "string":
          return issue.exact ? msg.lengthExact(label, n) : msg.lengthMax(label, n);
        case "array":
        case "set":
        case "map":
          return issue.exact ? msg.countExact(label, n) : msg.countMax(label, n);
        case "file":
          return msg.fileMax(label, n);
        case "date":
          return issue.inclusive ? msg.dateMax(label, Number(n)) : msg.dateBefore(label, Number(n));
        default:
          if (issue.inclusive) return msg.max(label, n);
          return String(n) === "0" ? msg.negative(label) : msg.lessThan(label, n);
      }
    }

    case "invalid_format": {
      if (isBlank(issue.input)) return required();
      const iss = issue as RawIssue & { prefix?: string; suffix?: string; includes?: string };
      switch (issue.format) {
        case "email":
          return msg.email(label);
        case "lowercase":
          return msg.lowercase(label);
        case "uppercase":
          return msg.uppercase(label);
        case "starts_with":
          return msg.startsWith(label, String(iss.prefix ?? ""));
        case "ends_with":
          return msg.endsWith(label, String(iss.suffix ?? ""));
        case "includes":
          return msg.includes(label, String(iss.includes ?? ""));
        default:
          return msg.format(label, issue.format);
      }
    }

    case "not_multiple_of":
      return msg.multipleOf(label, issue.divisor);

    case "unrecognized_keys":
      return msg.unknownKeys(label, issue.keys);

    case "invalid_key":
      return msg.invalidKey(label);

    case "invalid_element":
      return msg.invalidElement(label);

    case "custom": {
      const params = issue.params as CustomIssueParams | undefined;
      switch (params?.kind) {
        case "required":
          return msg.required(label, params.select ?? select);
        case "not_one_of":
          return msg.notOneOf(label, params.values ?? []);
        case "not_equal":
          return msg.notEqual(label, params.value);
        case "trimmed":
          return msg.trimmed(label);
        case "mismatch":
          return msg.mismatch(label);
        default:
          return msg.invalid(label);
      }
    }

    default:
      return msg.invalid(label);
  }
}
