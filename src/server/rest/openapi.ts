import { SITE } from "@/lib/constants/site";
import { z } from "@/schemas/zod";
import { SESSION_COOKIE } from "@/server/auth/session";
import { env } from "@/server/env";
import { routes } from "./routes";

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12, zod's
 * own export). The per-schema `$schema` is left out (the document's dialect
 * already is 2020-12), and so is the long regex zod spells out next to
 * `format: date-time`, which says the same thing.
 */
function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  }) as JsonSchema;
  return rest;
}

const message = { $ref: "#/components/schemas/Message" };

/** The error bodies every route may answer (errors.ts). */
const errorSchemas = {
  Message: schemaOf(z.object({ message: z.string() }), "output"),
  ValidationError: schemaOf(z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }), "output"),
};
const failure = (description: string) => ({ description, content: { "application/json": { schema: message } } });

/** OpenAPI 3.1 generated from the route table and its zod schemas: every route's answer is its pinned output schema. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([a-z_]+)/gi, "{$1}");
    const doc = r.doc;
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]:
        r.status === 204
          ? { description: "No Content" }
          : { description: r.status === 201 ? "Created" : "OK", content: { "application/json": { schema: schemaOf(r.output, "output") } } },
      "422": {
        description: "Validation error: { message, errors: { 'names.last': ['…'] } }",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ValidationError" } } },
      },
      "429": failure("Too Many Attempts. (Retry-After)"),
    };
    if (r.method !== "GET") responses["419"] = failure("CSRF token mismatch.");
    if (doc.auth) Object.assign(responses, { "401": failure("Unauthenticated."), "403": failure("This action is unauthorized.") });
    if (r.keys.length) responses["404"] = failure("Not Found");
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: doc.summary,
      tags: [doc.tag],
      parameters: r.keys.map((k) => ({ name: k, in: "path", required: true, schema: { type: "string" } })),
      ...(doc.input ? { requestBody: { content: { "application/json": { schema: schemaOf(doc.input, "input") } } } } : {}),
      ...(doc.auth ? { security: [{ [doc.auth === "admin" ? "adminSession" : "session"]: [] }] } : {}),
      responses,
    };
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
      schemas: errorSchemas,
    },
    paths: { "/sanctum/csrf-cookie": { get: { summary: "XSRF-TOKEN cookie", tags: ["auth"], responses: { "204": { description: "No Content" } } } }, ...paths },
  };
}
