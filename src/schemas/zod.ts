/**
 * The app's zod entry point.
 *
 * RULE: every schema in the app imports `z` from "@/schemas/zod", never from
 * "zod" directly (only this file and src/schemas/messages.ts may). Importing
 * this module installs the Japanese message table (SPEC §5) once, at module
 * load, with `z.config({ customError })`, so every schema — on the server, in
 * tRPC, in the REST adapter and in client forms — reports Japanese messages.
 *
 * Field labels: wrap a field with `label(schema, "姓")`. The error map finds
 * the label from the failing schema, and `label()` also labels the schemas
 * inside wrappers (optional, nullable, default, prefault, catch, readonly,
 * pipe / preprocess / transform, union options), so both
 * `label(z.string(), "姓").optional()` and `label(z.string().optional(), "姓")`
 * work. Labelling clones: the schema passed in is never mutated.
 */
import { z } from "zod";
import { CONTAINER_TYPES, WRAPPER_TYPES, isSchema, japaneseErrorMap, labelRegistry, type LabelMeta } from "./messages";

// jitless in the browser: zod's eval probe (`new Function`) is a Content-Security-Policy violation there
// (the policy has no 'unsafe-eval', server/http/security-headers.ts); the server keeps the faster JIT.
z.config({ customError: japaneseErrorMap, jitless: typeof window !== "undefined" });

export { z };
export type { LabelMeta };
/** The label attached to a schema (looking through wrappers), if any. */
export { labelOf } from "./messages";

/** Options of {@link label}. */
export interface LabelOptions {
  /** The field is chosen (select, radio, checkboxes): required message says 選択してください. */
  select?: boolean;
}

type AnySchema = z.core.$ZodType;
type LooseDef = Record<string, unknown> & { type: string };

function withLabel<T extends AnySchema>(schema: T, meta: LabelMeta): T {
  const def = schema._zod.def as unknown as LooseDef;
  let next: T;
  if (WRAPPER_TYPES.has(def.type) && isSchema(def.innerType)) {
    next = z.clone(schema, z.util.mergeDefs(def, { innerType: withLabel(def.innerType, meta) }), { parent: true });
  } else if (def.type === "pipe" && isSchema(def.in) && isSchema(def.out)) {
    next = z.clone(schema, z.util.mergeDefs(def, { in: withLabel(def.in, meta), out: withLabel(def.out, meta) }), {
      parent: true,
    });
  } else if (def.type === "union" && Array.isArray(def.options)) {
    const options = def.options.map((o: unknown) => (isSchema(o) && !CONTAINER_TYPES.has((o._zod.def as unknown as LooseDef).type) ? withLabel(o, meta) : o));
    next = z.clone(schema, z.util.mergeDefs(def, { options }), { parent: true });
  } else {
    // a plain clone keeps `_zod.parent`, so existing metadata is inherited
    next = z.clone(schema);
  }
  labelRegistry.add(next, meta);
  return next;
}

/**
 * Returns a copy of `schema` carrying the Japanese field label `text`, used as
 * the prefix of its validation messages ("姓を入力してください"). Checks added
 * afterwards (`.min()`, `.refine()` …) and wrappers keep the label.
 */
export function label<T extends AnySchema>(schema: T, text: string, options: LabelOptions = {}): T {
  const meta: LabelMeta = options.select === undefined ? { label: text } : { label: text, select: options.select };
  return withLabel(schema, meta);
}

/**
 * Flattens a ZodError to messages keyed by dotted path: "names.last",
 * "contact.method", "items.0.name"; errors about the whole value go under "_".
 * Used by the tRPC error formatter and the REST adapter's 422 body.
 */
export function fieldErrors(error: { readonly issues: readonly z.core.$ZodIssue[] }): Record<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? "_" : issue.path.map((k) => (typeof k === "symbol" ? (k.description ?? k.toString()) : String(k))).join(".");
    const messages = map.get(key);
    if (!messages) map.set(key, [issue.message]);
    else if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  // fromEntries defines own properties, so a "__proto__" key stays data
  return Object.fromEntries(map);
}
