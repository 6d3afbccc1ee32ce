import { SITE } from "@/lib/constants/site";
import { labelOf, z } from "@/schemas/zod";
import { SESSION_COOKIE } from "@/server/auth/session";
import { env } from "@/server/env";
import { XSRF_COOKIE } from "./csrf";
import type { RouteDef } from "./route";
import { routes } from "./routes";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12, zod's
 * own export; `io` picks the side: what a client sends, or what it gets).
 * The per-schema `$schema` is left out (the document's dialect already is
 * 2020-12), and so is the long regex zod spells out next to
 * `format: date-time`, which says the same thing. A field's Japanese label
 * (`label()` in src/schemas) becomes its `description` where it has none.
 */
export function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
      if (jsonSchema.description === undefined) {
        const label = labelOf(zodSchema);
        if (label) jsonSchema.description = label.label;
      }
    },
  }) as JsonSchema;
  dropEchoes(rest);
  return rest;
}

/** label() also labels a union's options (for the messages); an option repeating its union's description says nothing. */
function dropEchoes(node: unknown, parent?: string): void {
  if (Array.isArray(node)) return node.forEach((n) => dropEchoes(n));
  if (!node || typeof node !== "object") return;
  const s = node as JsonSchema;
  if (parent !== undefined && s.description === parent) delete s.description;
  const own = typeof s.description === "string" ? s.description : undefined;
  for (const [k, v] of Object.entries(s)) {
    if (k === "anyOf" || k === "oneOf") (v as unknown[]).forEach((option) => dropEchoes(option, own));
    else dropEchoes(v);
  }
}

const ref = (kind: "schemas" | "parameters" | "responses", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const message = ref("schemas", "Message");
const failure = (description: string, extra: JsonSchema = {}) => ({ description, ...extra, content: { "application/json": { schema: message } } });

/** The error bodies (errors.ts) and the answers that carry them, shared by every operation that may give them. */
const components = {
  schemas: {
    Message: schemaOf(z.object({ message: z.string() }), "output"),
    ValidationError: schemaOf(z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }), "output"),
  },
  parameters: {
    XsrfToken: {
      name: "X-XSRF-TOKEN",
      in: "header",
      required: true,
      description: `GET /sanctum/csrf-cookie が設定する ${XSRF_COOKIE} cookie の値（URL デコードしたもの）。変更系のリクエストすべてに必要で、ないか一致しなければ 419。`,
      schema: { type: "string" },
    },
  },
  responses: {
    BadRequest: failure("本文が JSON のオブジェクトとして読めない"),
    Unauthenticated: failure("Unauthenticated. (ログインしていない、またはセッション切れ)"),
    Forbidden: failure("This action is unauthorized."),
    NotFound: failure("Not Found (存在しない、またはこのユーザーには見えない)"),
    CsrfTokenMismatch: failure("CSRF token mismatch. (X-XSRF-TOKEN ヘッダがない、または XSRF-TOKEN cookie と一致しない)"),
    ValidationError: {
      description: "入力エラー: { message, errors: { 'names.last': ['姓を入力してください'] } } (項目はドット区切りのパス、文言は日本語)",
      content: { "application/json": { schema: ref("schemas", "ValidationError") } },
    },
    TooManyAttempts: failure("試行回数の上限: message は日本語の文（tRPC と同じ）。Retry-After 秒後に再試行", {
      headers: { "Retry-After": { description: "再試行できるまでの秒数", schema: { type: "integer", minimum: 0 } } },
    }),
  },
};

/** A GET route's input as query parameters: one per property, repeated keys for lists (`ty=1&ty=2`). */
function queryParameters(input: z.ZodObject) {
  const schema = schemaOf(input, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...value } = property;
    return {
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      ...(typeof description === "string" ? { description } : {}),
      ...(value.type === "array" ? { style: "form", explode: true } : {}),
      schema: value,
    };
  });
}

/** A state-changing route's input as its JSON body; required when any of its fields is. */
function requestBody(input: z.ZodObject) {
  const schema = schemaOf(input, "input");
  return { required: Array.isArray(schema.required) && schema.required.length > 0, content: { "application/json": { schema } } };
}

/** A path parameter's schema: the procedure's, where the route names it (an enum's values), else a string. */
function pathParamSchema(r: RouteDef, key: string): JsonSchema {
  const field = r.params?.shape[key] as z.ZodType | undefined;
  return field && key !== "id" ? schemaOf(field, "input") : { type: "string" };
}

function operation(r: RouteDef) {
  const { doc, input } = r;
  const changes = r.method !== "GET";
  const parameters = [
    ...r.keys.map((k) => ({ name: k, in: "path", required: true, schema: pathParamSchema(r, k) })),
    ...(input && !changes ? queryParameters(input) : []),
    ...(changes ? [ref("parameters", "XsrfToken")] : []),
  ];
  const responses: Record<string, unknown> = {
    [String(r.status ?? 200)]:
      r.status === 204
        ? { description: "No Content" }
        : { description: r.status === 201 ? "Created" : "OK", content: { "application/json": { schema: schemaOf(r.output, "output") } } },
  };
  // A body that is not JSON is refused before any procedure runs; a GET's query is read leniently (never 422).
  if (input && changes) responses["400"] = ref("responses", "BadRequest");
  if (doc.auth) Object.assign(responses, { "401": ref("responses", "Unauthenticated"), "403": ref("responses", "Forbidden") });
  if (r.keys.length) responses["404"] = ref("responses", "NotFound");
  if (changes) responses["419"] = ref("responses", "CsrfTokenMismatch");
  // A GET's query is read leniently, except a parameter it requires (the map's viewport): that one may answer 422.
  const requiredQuery = parameters.some((p) => "in" in p && p.in === "query" && "required" in p && p.required);
  if ((input && changes) || r.keys.length || requiredQuery) responses["422"] = ref("responses", "ValidationError");
  if (doc.throttled) responses["429"] = ref("responses", "TooManyAttempts");
  return {
    summary: doc.summary,
    tags: [doc.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(input && changes ? { requestBody: requestBody(input) } : {}),
    ...(doc.auth ? { security: [{ [doc.auth === "admin" ? "adminSession" : "session"]: [] }] } : {}),
    responses,
  };
}

/**
 * OpenAPI 3.1 generated from the route table and its zod schemas: every
 * route's request (path and query parameters, JSON body) is the input schema
 * of the procedure it calls, and its answer is its pinned output schema.
 */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {
    "/sanctum/csrf-cookie": {
      get: {
        summary: `${XSRF_COOKIE} cookie の発行 (変更系リクエストの前に)`,
        tags: ["auth"],
        responses: {
          "204": {
            description: "No Content",
            headers: {
              "Set-Cookie": { description: `${XSRF_COOKIE} (スクリプトから読める) と、それを検証する HttpOnly の cookie`, schema: { type: "string" } },
            },
          },
        },
      },
    },
  };
  for (const r of routes) {
    const path = r.path.replace(/:([a-z_]+)/gi, "{$1}");
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = operation(r);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${SITE.title} API`,
      version: "1.0.0",
      description: "Laravel Sanctum 互換: 先に GET /sanctum/csrf-cookie を呼び、変更系リクエストには X-XSRF-TOKEN ヘッダを付けてください。",
    },
    servers: [{ url: env().APP_URL }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE.user },
        adminSession: { type: "apiKey", in: "cookie", name: SESSION_COOKIE.admin },
      },
      ...components,
    },
    paths,
  };
}
