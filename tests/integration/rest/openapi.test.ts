import { describe, expect, it } from "vitest";
import { z } from "@/schemas/zod";
import { openApiDocument } from "@/server/rest/openapi";
import { routes } from "@/server/rest/routes";

/** The route table pins every answer, and /api/openapi.json publishes exactly those pins. */
type Schema = Record<string, unknown>;
type Operation = { parameters?: { name: string; in: string; required: boolean }[]; security?: Record<string, unknown>[]; responses: Record<string, { content?: Record<string, { schema: Schema }> }> };

const doc = openApiDocument();
const paths = doc.paths as Record<string, Record<string, Operation>>;
const oasPath = (p: string) => p.replace(/:([a-z_]+)/gi, "{$1}");
const operation = (method: string, path: string) => paths[oasPath(path)]?.[method.toLowerCase()];
const bodySchema = (op: Operation | undefined, status: number) => op?.responses[String(status)]?.content?.["application/json"]?.schema;
const responseSchema = (method: string, path: string): Schema => {
  const def = routes.find((r) => r.method === method && r.path === path)!;
  return bodySchema(operation(method, path), def.status ?? 200)!;
};

/** Subschemas that describe nothing ({} is what zod emits for an unrepresentable type). */
function holes(schema: unknown, at = "#"): string[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Schema;
  const describes = ["type", "const", "enum", "anyOf", "oneOf", "allOf", "$ref", "not"].some((k) => k in s);
  const out = describes ? [] : [at];
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties" || k === "$defs") for (const [name, sub] of Object.entries(v as Schema)) out.push(...holes(sub, `${at}/${k}/${name}`));
    else if (k === "items" || k === "additionalProperties" || k === "not") out.push(...holes(v, `${at}/${k}`));
    else if (k === "anyOf" || k === "oneOf" || k === "allOf" || k === "prefixItems") (v as unknown[]).forEach((sub, i) => out.push(...holes(sub, `${at}/${k}/${i}`)));
  }
  return out;
}

function refs(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refs);
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [v] : refs(v)));
}

describe("the route table", () => {
  it("pins an output schema on every route that has a body; 204 routes have none", () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      if (r.status === 204) expect(r.output, name).toBeUndefined();
      else {
        expect(r.output, name).toBeInstanceOf(z.ZodType);
        expect(r.doc.summary, name).not.toBe("");
      }
    }
    expect(routes.filter((r) => r.status === 204).map((r) => r.path)).toEqual(["/sanctum/logout", "/sanctum/admin/logout"]);
  });

  it("has one route per method and path", () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("/api/openapi.json", () => {
  it("is an OpenAPI 3.1 document that survives JSON and whose references all resolve", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of new Set(all)) {
      expect(ref, ref).toMatch(/^#\//);
      const target = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], doc);
      expect(target, ref).toBeTypeOf("object");
    }
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const [path, ops] of Object.entries(paths)) {
      expect(path).toMatch(/^\//);
      for (const op of Object.values(ops)) {
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const req of op.security ?? []) for (const s of Object.keys(req)) expect(schemes).toContain(s);
        // every {param} of the template is declared as a required path parameter, and nothing else
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const params = op.parameters ?? [];
        expect(params.map((p) => p.name)).toEqual(templated);
        expect(params.every((p) => p.in === "path" && p.required)).toBe(true);
      }
    }
  });

  it("documents every route with its pinned response schema (no body for 204), fully described", () => {
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      const op = operation(r.method, r.path);
      expect(op, name).toBeDefined();
      if (r.status === 204) {
        expect(op!.responses["204"], name).toEqual({ description: "No Content" });
        continue;
      }
      const schema = bodySchema(op, r.status ?? 200);
      expect(schema, name).toBeTypeOf("object");
      expect(schema, name).not.toHaveProperty("$schema");
      expect(holes(schema), name).toEqual([]);
      // the published schema is the route's pin: zod's own export of it (less the date-time regex)
      const { $schema: _d, ...expected } = JSON.parse(JSON.stringify(z.toJSONSchema(r.output, { io: "output" })), (_k, v: unknown) => {
        if (v && typeof v === "object" && (v as Schema).format === "date-time") delete (v as Schema).pattern;
        return v;
      }) as Schema;
      expect(schema, name).toEqual(expected);
      if (r.doc.auth) expect(op!.security, name).toEqual([{ [r.doc.auth === "admin" ? "adminSession" : "session"]: [] }]);
    }
  });

  it("a listing is published with `_id`, snake_case names and nested groups, never staff-only fields", () => {
    const detail = responseSchema("GET", "/api/investments/:id") as { oneOf: { properties: Record<string, Schema> }[] };
    const [locked, full] = detail.oneOf;
    expect(Object.keys(locked!.properties)).toEqual(["locked"]);
    expect(locked).toMatchObject({ additionalProperties: false });
    const props = full!.properties;
    expect(Object.keys(props)).toEqual(expect.arrayContaining(["_id", "price_before", "price_history", "land_ratio", "station_time", "transports", "images"]));
    for (const absent of ["id", "priceHistory", "original", "keywords", "locality", "map", "created_by", "not_updated_at"]) expect(props, absent).not.toHaveProperty(absent);
    expect(props.income).toMatchObject({ anyOf: [{ type: "object", properties: { month: expect.any(Object), year: expect.any(Object) } }, { type: "null" }] });
    expect(props.update_at).toMatchObject({ anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] });

    const page = responseSchema("GET", "/api/investments") as { properties: { items: { items: { properties: Schema } } } };
    expect(Object.keys(page.properties).sort()).toEqual(["items", "last", "page", "page_size", "total"]);
    expect(page.properties.items.items.properties).toHaveProperty("_id");
    expect(page.properties.items.items.properties).not.toHaveProperty("id");
  });

  it("the published schemas accept what the routes answer and refuse what they must not (read back with zod)", () => {
    const filters = z.fromJSONSchema(responseSchema("GET", "/api/user/filter"));
    const row = { _id: 1, name: "北摂", query: { re: [2], lp: 5000 }, created_at: "2026-11-21T03:00:00.000Z", updated_at: "2026-11-21T03:00:00.000Z", count: 3 };
    expect(filters.safeParse([row]).success).toBe(true);
    expect(filters.safeParse([{ ...row, query: { re: [9] } }]).success).toBe(false); // area 9 does not exist
    expect(filters.safeParse([{ ...row, id: 1 }]).success).toBe(false); // no undeclared fields on the wire
    const options = z.fromJSONSchema(responseSchema("GET", "/api/options"));
    expect(options.safeParse({ members: 10, investment: { members: 2, public: 8 } }).success).toBe(true);
    expect(options.safeParse({ members: 10 }).success).toBe(false);
  });
});
