import { SITE } from "@/lib/constants/site";
import { z } from "@/schemas/zod";
import { env } from "@/server/env";
import { routes } from "./routes";

/** OpenAPI 3.1 generated from the route table and its zod schemas (zod's own JSON Schema export). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([a-z_]+)/gi, "{$1}");
    const doc = r.doc;
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]: r.status === 204 ? { description: "No Content" } : {
        description: "OK",
        content: { "application/json": { schema: doc?.output ? z.toJSONSchema(doc.output, { io: "output", unrepresentable: "any" }) : {} } },
      },
      "422": { description: "Validation error: { message, errors: { 'names.last': ['…'] } }" },
      "429": { description: "Too Many Attempts. (Retry-After)" },
    };
    if (r.method !== "GET") responses["419"] = { description: "CSRF token mismatch." };
    if (doc?.auth) Object.assign(responses, { "401": { description: "Unauthenticated." }, "403": { description: "This action is unauthorized." } });
    paths[path] ??= {};
    paths[path][r.method.toLowerCase()] = {
      summary: doc?.summary ?? r.path,
      tags: [doc?.tag ?? "other"],
      parameters: r.keys.map((k) => ({ name: k, in: "path", required: true, schema: { type: "string" } })),
      ...(doc?.input ? { requestBody: { content: { "application/json": { schema: z.toJSONSchema(doc.input, { io: "input", unrepresentable: "any" }) } } } } : {}),
      ...(doc?.auth ? { security: [{ session: [] }] } : {}),
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
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "kir_session" } } },
    paths: { "/sanctum/csrf-cookie": { get: { summary: "XSRF-TOKEN cookie", tags: ["auth"], responses: { "204": { description: "No Content" } } } }, ...paths },
  };
}
