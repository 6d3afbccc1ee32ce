import type { createCaller } from "@/server/api/root";
import type { z } from "@/schemas/zod";

/** One line of the route table: a spec path and the procedure it maps to. */
export type Caller = ReturnType<typeof createCaller>;
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type RestInput = { params: Record<string, string>; body: Record<string, unknown>; query: URLSearchParams };

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
export type RouteInput = { input?: z.ZodObject };

export type RouteDef = RouteAnswer &
  RouteInput & {
    method: Method;
    path: string;
    call: (c: Caller, input: RestInput) => Promise<unknown>;
    doc: RouteDoc;
    pattern: RegExp;
    keys: string[];
  };

export function route(method: Method, path: string, call: RouteDef["call"], opts: RouteAnswer & RouteInput & { doc: RouteDoc }): RouteDef {
  const keys: string[] = [];
  const pattern = new RegExp(
    "^" +
      path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:([a-z_]+)/gi, (_, k: string) => {
        keys.push(k);
        return "/([^/]+)";
      }) +
      "/?$",
  );
  return { method, path, call, pattern, keys, ...opts };
}
