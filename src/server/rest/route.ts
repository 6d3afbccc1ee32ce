import type { createCaller } from "@/server/api/root";
import type { z } from "@/schemas/zod";

/** One line of the route table: a spec path and the procedure it maps to. */
export type Caller = ReturnType<typeof createCaller>;
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
/** What the handler hands a route: the path's parameters, the JSON (or form) body and the query string. */
export type RestInput = { params: Record<string, string>; body: Record<string, unknown>; query: URLSearchParams };

/**
 * The parameters a path names (`/api/x/:id/:name` → { id: string; name: string }); a key the
 * route's `params` schema (the procedure's input) has takes that schema's input type.
 */
export type PathParams<P extends string, PS extends z.ZodObject | undefined = undefined> = P extends `${string}:${infer K}/${infer Rest}`
  ? { [k in K]: ParamOf<k, PS> } & PathParams<`/${Rest}`, PS>
  : P extends `${string}:${infer K}`
    ? { [k in K]: ParamOf<k, PS> }
    : Record<never, string>;
type ParamOf<K extends string, PS extends z.ZodObject | undefined> = PS extends z.ZodObject ? (K extends keyof z.input<PS> ? z.input<PS>[K] : string) : string;

/**
 * What a route's call reads: its path's parameters, and `input`, the body of a state-changing
 * request or the query string of a GET (a repeated key becoming a list), typed as its input
 * schema's input side. That schema is the procedure's own `.input()` (less the keys the path
 * fills), so passing `input` on type-checks the route table against the procedures; the values are
 * still the client's, unchecked, until the procedure parses them, once, as it parses a tRPC call.
 */
export type RouteCallInput<P extends string, S extends z.ZodObject | undefined, PS extends z.ZodObject | undefined = undefined> = {
  params: PathParams<P, PS>;
  input: S extends z.ZodObject ? z.input<S> : Record<never, unknown>;
};

/** For the OpenAPI document: what the route is and who may call it. */
export interface RouteDoc {
  summary: string;
  tag: string;
  auth?: "member" | "admin";
  /** Rate limited (login, sign-up, password checks, inquiries): may answer 429. */
  throttled?: true;
}

/**
 * What a route answers. Every route with a body pins it with an output
 * schema: the wire shape (ISO strings for timestamps), enforced by the
 * handler and emitted into the OpenAPI document. A 204 route has no body.
 */
export type RouteAnswer = { status?: 200 | 201; output: z.ZodType } | { status: 204; output?: undefined };

/**
 * What a route reads besides its path parameters: the JSON body of a
 * state-changing route, the query string of a GET. It is the schema the
 * procedure already validates with (its `.input()`, imported from
 * src/schemas; less the keys the route fills from the path), never a copy:
 * the procedure does the validating, the route table only publishes it.
 */
export type RouteInput<S extends z.ZodObject | undefined = z.ZodObject | undefined> = { input?: S };

/**
 * A path whose parameters are more than ids (`/status/:id/:status`) names the procedure's input
 * schema they fill: the call's params are typed by it, and the OpenAPI document publishes each
 * such parameter's schema (an enum's values) instead of a bare string.
 */
export type RouteParams<PS extends z.ZodObject | undefined = z.ZodObject | undefined> = { params?: PS };

export type RouteDef = RouteAnswer &
  RouteInput &
  RouteParams & {
    method: Method;
    path: string;
    call: (c: Caller, input: RestInput) => Promise<unknown>;
    doc: RouteDoc;
    pattern: RegExp;
    keys: string[];
  };

/** The query string as a record; a repeated key (`ty=1&ty=2`, the form the OpenAPI document gives for lists) becomes a list. */
function queryRecord(query: URLSearchParams): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  for (const [k, v] of query) values.set(k, [...(values.get(k) ?? []), v]);
  // fromEntries defines own properties, so a "__proto__" key stays data
  return Object.fromEntries([...values].map(([k, vs]) => [k, vs.length === 1 ? vs[0]! : vs]));
}

export function route<const P extends string, S extends z.ZodObject | undefined = undefined, PS extends z.ZodObject | undefined = undefined>(
  method: Method,
  path: P,
  call: (c: Caller, input: RouteCallInput<P, S, PS>) => Promise<unknown>,
  opts: RouteAnswer & RouteInput<S> & RouteParams<PS> & { doc: RouteDoc },
): RouteDef {
  const keys: string[] = [];
  const pattern = new RegExp(
    "^" +
      path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:([a-z_]+)/gi, (_, k: string) => {
        keys.push(k);
        return "/([^/]+)";
      }) +
      "/?$",
  );
  // The one place the client's values meet the procedure's input type: the pattern matched every
  // key of the path, and the procedure parses `input` (see RouteCallInput). Read on use only, so a
  // route that passes no input reads none (tests/integration/rest/openapi.test.ts holds the table to that).
  const typed = (raw: RestInput) =>
    ({
      params: raw.params,
      get input() {
        return method === "GET" ? queryRecord(raw.query) : raw.body;
      },
    }) as RouteCallInput<P, S, PS>;
  return { method, path, call: (c, raw) => call(c, typed(raw)), pattern, keys, ...opts };
}
