import { describe, expect, it } from "vitest";
import { accountSearchInput } from "@/schemas/admin/accounts";
import { parsePageSize } from "@/lib/list-view";
import { ADMIN_PARAM_KEYS, SEARCH_PARAM_KEYS, parseSearchParams, publicListParams, publicSearchParams } from "@/schemas/search";
import { mapViewParams } from "@/schemas/map";
import { z } from "@/schemas/zod";
import { appRouter } from "@/server/api/root";
import { openApiDocument } from "@/server/rest/openapi";
import type { Caller, RestInput, RouteDef } from "@/server/rest/route";
import { routes } from "@/server/rest/routes";

/**
 * The route table pins every answer and names every request's input schema,
 * and /api/openapi.json publishes exactly those: request bodies and query
 * parameters from the procedures' own input schemas, answers from the pins.
 */
type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required: boolean; description?: string; style?: string; explode?: boolean; schema: Schema };
type Operation = {
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
  security?: Record<string, unknown>[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
};

const doc = openApiDocument();
const paths = doc.paths as Record<string, Record<string, Operation>>;
const oasPath = (p: string) => p.replace(/:([a-z_]+)/gi, "{$1}");
const operation = (method: string, path: string) => paths[oasPath(path)]?.[method.toLowerCase()];
const bodySchema = (op: Operation | undefined, status: number) => op?.responses[String(status)]?.content?.["application/json"]?.schema;
const routeDef = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;
const responseSchema = (method: string, path: string): Schema => bodySchema(operation(method, path), routeDef(method, path).status ?? 200)!;
const requestSchema = (method: string, path: string): Schema => operation(method, path)!.requestBody!.content["application/json"]!.schema;
const nameOf = (r: RouteDef) => `${r.method} ${r.path}`;
const bodyRoutes = routes.filter((r) => r.input && r.method !== "GET");
const queryRoutes = routes.filter((r) => r.input && r.method === "GET");

/** A `#/…` reference's target in the document. */
const resolve = (ref: string): unknown =>
  ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], doc);
const parametersOf = (op: Operation): Parameter[] => (op.parameters ?? []).map((p) => ("$ref" in p ? (resolve(p.$ref) as Parameter) : p));

/** zod's own JSON Schema export of a schema (less `$schema` and the date-time regex): what the document must publish. */
function zodExport(schema: z.ZodType, io: "input" | "output"): Schema {
  const { $schema: _d, ...rest } = JSON.parse(JSON.stringify(z.toJSONSchema(schema, { io })), (_k, v: unknown) => {
    if (v && typeof v === "object" && (v as Schema).format === "date-time") delete (v as Schema).pattern;
    return v;
  }) as Schema;
  return rest;
}

/** The same schema without its descriptions (the document adds the fields' Japanese labels as descriptions). */
function undescribed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(undescribed);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k, v]) => !(k === "description" && typeof v === "string"))
      .map(([k, v]) => [k, undescribed(v)]),
  );
}

/**
 * Which procedure a route calls and with what, found by running its call on
 * a caller that only records; `read` tells whether the route read the body
 * (or, for a GET, the query string) it was given.
 */
function probe(r: RouteDef): { procedure: string; read: boolean } {
  let procedure = "";
  let read = false;
  const body = new Proxy<Record<string, unknown>>(
    {},
    {
      get: () => {
        read = true;
        return undefined;
      },
      ownKeys: () => {
        read = true;
        return [];
      },
    },
  );
  class Query extends URLSearchParams {
    override [Symbol.iterator]() {
      read = true;
      return super[Symbol.iterator]();
    }
    override entries() {
      read = true;
      return super.entries();
    }
  }
  const recorder = (at: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) => recorder([...at, String(key)]),
      apply: (_t, _this, args: unknown[]) => {
        procedure = at.join(".");
        if (args[0] === body) read = true;
        return new Promise(() => undefined); // never settles: nothing after the call runs
      },
    });
  const input: RestInput = { params: Object.fromEntries(r.keys.map((k) => [k, "1"])), body, query: new Query() };
  void r.call(recorder([]) as Caller, input);
  return { procedure, read };
}

type AnyProcedure = { _def: { inputs: z.ZodType[]; output?: z.ZodType } };
const procedures = (appRouter._def as unknown as { procedures: Record<string, AnyProcedure> }).procedures;

/** Subschemas that describe nothing ({} is what zod emits for an unrepresentable type). */
function holes(schema: unknown, at = "#"): string[] {
  if (!schema || typeof schema !== "object") return [];
  const s = schema as Schema;
  const describes = ["type", "const", "enum", "anyOf", "oneOf", "allOf", "$ref", "not"].some((k) => k in s);
  const out = describes ? [] : [at];
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties" || k === "$defs") for (const [name, sub] of Object.entries(v as Schema)) out.push(...holes(sub, `${at}/${k}/${name}`));
    else if (k === "items" || k === "additionalProperties" || k === "not") out.push(...holes(v, `${at}/${k}`));
    else if (k === "anyOf" || k === "oneOf" || k === "allOf" || k === "prefixItems")
      (v as unknown[]).forEach((sub, i) => out.push(...holes(sub, `${at}/${k}/${i}`)));
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
      expect(ref, ref).toMatch(/^#\/components\/(schemas|parameters|responses)\/[A-Za-z]+$/);
      expect(resolve(ref), ref).toBeTypeOf("object");
    }
    // and every shared component is used
    for (const [kind, entries] of Object.entries({ parameters: doc.components.parameters, responses: doc.components.responses })) {
      for (const name of Object.keys(entries)) expect(all, `${kind}/${name}`).toContain(`#/components/${kind}/${name}`);
    }
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const [path, ops] of Object.entries(paths)) {
      expect(path).toMatch(/^\//);
      for (const op of Object.values(ops)) {
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const req of op.security ?? []) for (const s of Object.keys(req)) expect(schemes).toContain(s);
        // every {param} of the template is declared as a required path parameter, and no other path parameter is
        const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        const params = parametersOf(op);
        const inPath = params.filter((p) => p.in === "path");
        expect(inPath.map((p) => p.name)).toEqual(templated);
        expect(inPath.every((p) => p.required)).toBe(true);
        expect(params.every((p) => ["path", "query", "header"].includes(p.in) && typeof p.name === "string" && typeof p.schema === "object")).toBe(true);
        // names are unique per location
        expect(new Set(params.map((p) => `${p.in}:${p.name}`)).size).toBe(params.length);
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
      // the published schema is the route's pin: zod's own export of it (less the date-time regex; labels added as descriptions)
      expect(undescribed(schema), name).toEqual(undescribed(zodExport(r.output, "output")));
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
    for (const absent of ["id", "priceHistory", "original", "keywords", "locality", "map", "created_by", "not_updated_at"])
      expect(props, absent).not.toHaveProperty(absent);
    expect(props.income).toMatchObject({ anyOf: [{ type: "object", properties: { month: expect.any(Object), year: expect.any(Object) } }, { type: "null" }] });
    expect(props.update_at).toMatchObject({ anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] });

    const page = responseSchema("GET", "/api/investments") as { properties: { items: { items: { properties: Schema } } } };
    expect(Object.keys(page.properties).sort()).toEqual(["items", "last", "page", "page_size", "total", "total_bounded"]);
    expect(page.properties.items.items.properties).toHaveProperty("_id");
    expect(page.properties.items.items.properties).not.toHaveProperty("id");
  });

  it("the published schemas accept what the routes answer and refuse what they must not (read back with zod)", () => {
    const filters = z.fromJSONSchema(responseSchema("GET", "/api/user/filter"));
    const row = {
      _id: 1,
      name: "北摂",
      query: { re: [2], lp: 5000 },
      created_at: "2026-11-21T03:00:00.000Z",
      updated_at: "2026-11-21T03:00:00.000Z",
      count: 3,
    };
    expect(filters.safeParse([row]).success).toBe(true);
    expect(filters.safeParse([{ ...row, query: { re: [9] } }]).success).toBe(false); // area 9 does not exist
    expect(filters.safeParse([{ ...row, id: 1 }]).success).toBe(false); // no undeclared fields on the wire
    const options = z.fromJSONSchema(responseSchema("GET", "/api/options"));
    expect(options.safeParse({ members: 10, investment: { members: 2, public: 8 } }).success).toBe(true);
    expect(options.safeParse({ members: 10 }).success).toBe(false);
  });
});

describe("requests: each route's input is its procedure's own input schema", () => {
  it("a route that reads a body or a query names an input, and one that reads none names none", () => {
    expect(bodyRoutes.length).toBeGreaterThan(20);
    expect(queryRoutes.map(nameOf).sort()).toEqual([
      "GET /api/admin/account/deleted/search",
      "GET /api/admin/account/search",
      "GET /api/investments",
      "GET /api/investments/map",
    ]);
    for (const r of routes) expect(Boolean(r.input), nameOf(r)).toBe(probe(r).read);
  });

  it("the input is the schema the procedure validates with (the same field schemas, never a copy), less what the path fills", () => {
    for (const r of routes.filter((x) => x.input)) {
      const name = nameOf(r);
      const { procedure } = probe(r);
      const proc = procedures[procedure];
      expect(proc, `${name} → ${procedure}`).toBeDefined();
      if (name === "GET /api/investments") {
        // The procedure takes the raw list-page query and parses it with parseSearchParams: the parameters are that parser's keys,
        // plus the page size pp (src/lib/list-view.ts parsePageSize), which is not a search condition.
        expect(r.input).toBe(publicListParams);
        expect(Object.keys(publicSearchParams.shape)).toEqual(SEARCH_PARAM_KEYS.filter((k) => !ADMIN_PARAM_KEYS.includes(k)));
        expect(Object.keys(publicListParams.shape)).toEqual([...Object.keys(publicSearchParams.shape), "pp"]);
        continue;
      }
      if (name === "GET /api/investments/map") {
        // The map search: the viewport (bbox, zoom, sel), the procedure's own field schemas, then the list page's parameters, raw as above.
        expect(r.input).toBe(mapViewParams);
        const ownShape = (proc!._def.inputs[0] as z.ZodObject).shape;
        expect(Object.keys(mapViewParams.shape)).toEqual([...Object.keys(publicSearchParams.shape), ...Object.keys(ownShape)]);
        for (const key of Object.keys(ownShape)) expect(mapViewParams.shape[key as keyof typeof mapViewParams.shape], key).toBe(ownShape[key]);
        continue;
      }
      let own = proc!._def.inputs[0]!;
      if (own instanceof z.ZodOptional) own = own.unwrap() as z.ZodType; // member.matchings.remove() may be called without one
      expect(own, name).toBeInstanceOf(z.ZodObject);
      const ownShape = (own as z.ZodObject).shape;
      for (const k of r.keys)
        expect(r.input!.shape, `${name}: the path's ${k} is not also asked for in the ${r.method === "GET" ? "query" : "body"}`).not.toHaveProperty(k);
      if (r.input === own) continue;
      for (const [key, field] of Object.entries(r.input!.shape)) expect(field, `${name}: ${key}`).toBe(ownShape[key]);
      // what the input leaves out is what the route takes from the path
      const left = Object.keys(ownShape).filter((k) => !(k in r.input!.shape));
      expect(left.length, name).toBeGreaterThan(0);
      expect(
        left.every((k) => r.keys.includes(k)),
        `${name}: ${left.join(", ")}`,
      ).toBe(true);
    }
  });

  it("every procedure a route calls pins its own answer with .output() (ARCHITECTURE: wherever REST exposes the data)", () => {
    for (const r of routes) {
      const { procedure } = probe(r);
      expect(procedures[procedure]?._def.output, `${nameOf(r)} → ${procedure}`).toBeInstanceOf(z.ZodType);
    }
  });

  it("a value the document allows for a list-page parameter is one the search keeps", () => {
    const sample = (schema: Schema, name: string): unknown => {
      if (Array.isArray(schema.enum)) return schema.enum[0];
      if ("const" in schema) return schema.const;
      if (schema.type === "array") return [sample(schema.items as Schema, name)];
      if (schema.type === "integer" || schema.type === "number") return Math.max(1, (schema.minimum as number | undefined) ?? 1);
      if (name === "ct") return "271004"; // 大阪市: any code of the municipality master
      return "梅田";
    };
    for (const p of parametersOf(operation("GET", "/api/investments")!)) {
      const value = sample(p.schema, p.name);
      const query = new URLSearchParams();
      for (const v of Array.isArray(value) ? value : [value]) query.append(p.name, String(v === true ? 1 : v));
      // defaults (sr=new, page=1) are left out of the canonical query
      if (p.name === "sr") query.set("sr", "price_asc");
      if (p.name === "page") query.set("page", "2");
      // the page size is not a search condition: the procedure reads it with parsePageSize
      if (p.name === "pp") {
        expect(parsePageSize(query.get("pp")), `pp=${query.get("pp")}`).toBe(Number(query.get("pp")));
        continue;
      }
      expect(parseSearchParams(query), `${p.name}=${query.get(p.name)}`).toHaveProperty(p.name);
    }
  });

  it("every route that takes a body publishes it as a JSON requestBody: its input schema's JSON Schema, fully described", () => {
    for (const r of routes) {
      const name = nameOf(r);
      const op = operation(r.method, r.path)!;
      if (!bodyRoutes.includes(r)) {
        expect(op.requestBody, name).toBeUndefined();
        continue;
      }
      const schema = requestSchema(r.method, r.path);
      expect(Object.keys(op.requestBody!.content), name).toEqual(["application/json"]);
      expect(schema, name).not.toHaveProperty("$schema");
      expect(undescribed(schema), name).toEqual(undescribed(zodExport(r.input!, "input")));
      expect(holes(schema), name).toEqual([]);
      expect(schema.type, name).toBe("object");
      // required when any field is
      expect(op.requestBody!.required, name).toBe(((schema.required as string[] | undefined) ?? []).length > 0);
    }
    // the input side: defaults make a field optional, and labels become descriptions
    expect(requestSchema("PATCH", "/api/user/matchings/:id")).toEqual({ type: "object", properties: { read: { type: "boolean", default: true } } });
    expect(operation("DELETE", "/api/user/matchings")!.requestBody!.required).toBe(false);
    const login = requestSchema("POST", "/sanctum/login") as { properties: Record<string, Schema>; required: string[] };
    expect(login.required).toEqual(["email", "password"]);
    expect(login.properties.email).toMatchObject({ type: "string", format: "email", description: "メールアドレス" });
    const register = requestSchema("POST", "/sanctum/register") as { properties: Record<string, { properties?: Record<string, Schema> }> };
    expect(register.properties.names!.properties!.last).toMatchObject({ type: "string", minLength: 1, maxLength: 50, description: "姓" });
    expect(register.properties).toHaveProperty("password_confirmation");
    const filter = requestSchema("PATCH", "/api/user/filter") as { properties: { query: { properties: Record<string, Schema> } } };
    expect(filter.properties.query.properties.ty).toMatchObject({ type: "array", items: { enum: [1, 2, 3, 4, 5, 6, 99] } });
    // a union's options do not repeat the field's label
    const counts = requestSchema("POST", "/api/admin/options") as { properties: { counts_override: { properties: { members: Schema } } } };
    expect(counts.properties.counts_override.properties.members).toEqual({
      anyOf: [{ type: "null" }, { type: "integer", minimum: 0, maximum: 10_000_000 }],
      description: "会員数",
    });
  });

  it("every GET search route lists its query parameters, each with its schema, a Japanese description and list style for lists", () => {
    for (const r of queryRoutes) {
      const name = nameOf(r);
      const exported = zodExport(r.input!, "input") as { properties: Record<string, Schema>; required?: string[] };
      const query = parametersOf(operation(r.method, r.path)!).filter((p) => p.in === "query");
      expect(
        query.map((p) => p.name),
        name,
      ).toEqual(Object.keys(exported.properties));
      for (const p of query) {
        const { description, ...schema } = exported.properties[p.name]!;
        expect(p.schema, `${name} ${p.name}`).toEqual(schema);
        expect(p.description, `${name} ${p.name}`).toBe(description);
        expect(p.description, `${name} ${p.name}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
        // a search narrows; nothing is required, but the map's viewport
        expect(p.required, `${name} ${p.name}`).toBe(name === "GET /api/investments/map" && ["bbox", "zoom"].includes(p.name));
        expect(holes(p.schema), `${name} ${p.name}`).toEqual([]);
        if (p.schema.type === "array") expect(p, `${name} ${p.name}`).toMatchObject({ style: "form", explode: true });
        else expect(p, `${name} ${p.name}`).not.toHaveProperty("style");
      }
      expect(operation(r.method, r.path)!.requestBody, name).toBeUndefined();
    }

    const listings = Object.fromEntries(parametersOf(operation("GET", "/api/investments")!).map((p) => [p.name, p]));
    for (const key of ["re", "pf", "ct", "ty", "sc", "sl", "st", "rg", "fs", "sf"])
      expect(listings[key], key).toMatchObject({ in: "query", style: "form", explode: true, schema: { type: "array" } });
    expect(listings.ty!.schema).toMatchObject({ type: "array", items: { enum: [1, 2, 3, 4, 5, 6, 99] } });
    expect(listings.ty!.description).toContain("一棟マンション");
    expect(listings.pf!.schema).toMatchObject({ items: { enum: [26, 27, 28] } });
    expect(listings.lp).toMatchObject({ schema: { type: "integer", minimum: 0 }, description: expect.stringContaining("万円") });
    expect(listings.hp).toMatchObject({ schema: { type: "integer", minimum: 0 } });
    expect(listings.sr!.schema).toMatchObject({ type: "string", enum: expect.arrayContaining(["new", "price_asc", "yield_desc"]) });
    expect(listings.fw).toMatchObject({ schema: { type: "string" }, description: expect.stringContaining("フリーワード") });
    // issue 33: the deal's numbers
    expect(listings.ny).toMatchObject({ schema: { type: "number", minimum: 0, maximum: 100 }, description: expect.stringContaining("実質利回り") });
    expect(listings.sk).toMatchObject({ schema: { type: "number", minimum: 0, maximum: 1000 }, description: expect.stringContaining("積算比") });
    expect(listings.ow!.description).toContain("所有権のみ");
    expect(listings.oc!.description).toContain("現況満室");
    expect(listings.ow!.schema).toEqual(listings.ss!.schema);
    expect(listings.sr!.schema).toMatchObject({ enum: expect.arrayContaining(["net_yield_desc", "sekisan_desc", "cf_desc"]) });
    expect(listings.page!.schema).toMatchObject({ type: "integer", minimum: 1 });
    for (const admin of ADMIN_PARAM_KEYS) expect(listings, admin).not.toHaveProperty(admin); // staff-only keys are ignored for visitors and members

    for (const path of ["/api/admin/account/search", "/api/admin/account/deleted/search"]) {
      const accounts = parametersOf(operation("GET", path)!);
      expect(accounts.map((p) => p.name)).toEqual(Object.keys(accountSearchInput.shape));
      expect(accounts.find((p) => p.name === "status")).toMatchObject({
        schema: { enum: ["provisional", "active", "suspended"] },
        description: expect.stringContaining("仮登録"),
      });
      expect(accounts.find((p) => p.name === "from")).toMatchObject({ schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" } });
    }
  });

  it("Sanctum: changing routes take X-XSRF-TOKEN and may answer 419; bodies 400/422; rate-limited routes 429 with Retry-After", () => {
    // The routes whose procedures consume a rate limit (login, sign-up, password checks, inquiries).
    const throttled = [
      "POST /sanctum/signup",
      "POST /sanctum/register",
      "POST /sanctum/login",
      "POST /sanctum/admin/login",
      "POST /sanctum/reset-password/first-login",
      "POST /sanctum/admin/reset-password/first-login",
      "POST /sanctum/forgot-password",
      "POST /sanctum/admin/forgot-password",
      // Rate-limited since issue 16 (item 5: resets cost an argon2 hash).
      "POST /sanctum/reset-password",
      "POST /sanctum/admin/reset-password",
      "POST /api/user/email",
      "POST /api/user/password",
      "POST /api/user/delete",
      // Issue 27: a staff member's own password change re-checks the current password (throttled).
      "POST /api/admin/user/password",
      "POST /api/contacts/investment",
      "POST /api/contacts/consult",
      "POST /api/contacts/other",
      "POST /api/contacts/sell",
      "POST /api/contacts/exchange",
    ];
    const xsrf = doc.components.parameters.XsrfToken;
    expect(xsrf).toMatchObject({ name: "X-XSRF-TOKEN", in: "header", required: true, schema: { type: "string" } });
    const tooMany = doc.components.responses.TooManyAttempts as unknown as { headers: Record<string, unknown> };
    expect(tooMany.headers["Retry-After"]).toMatchObject({ schema: { type: "integer" } });
    expect(doc.components.responses.ValidationError.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ValidationError" });
    const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const r of routes) {
      const name = nameOf(r);
      const op = operation(r.method, r.path)!;
      const changes = r.method !== "GET";
      const headers = parametersOf(op).filter((p) => p.in === "header");
      expect(headers, name).toEqual(changes ? [xsrf] : []);
      expect(op.responses["419"], name).toEqual(changes ? ref("CsrfTokenMismatch") : undefined);
      expect(op.responses["400"], name).toEqual(bodyRoutes.includes(r) ? ref("BadRequest") : undefined);
      // validated input: a body, a path or the map's viewport; a search's query is read leniently and never refused
      const viewport = name === "GET /api/investments/map";
      expect(op.responses["422"], name).toEqual(bodyRoutes.includes(r) || r.keys.length || viewport ? ref("ValidationError") : undefined);
      expect(op.responses["429"], name).toEqual(throttled.includes(`${r.method} ${r.path}`) ? ref("TooManyAttempts") : undefined);
      expect(op.responses["401"], name).toEqual(r.doc.auth ? ref("Unauthenticated") : undefined);
    }
    expect(paths["/sanctum/csrf-cookie"]!.get!.responses["204"]).toHaveProperty("headers.Set-Cookie");
  });
});
