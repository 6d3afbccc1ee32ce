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
  input?: z.ZodType;
  auth?: "member" | "admin";
}

/**
 * What a route answers. Every route with a body pins it with an output
 * schema: the wire shape (ISO strings for timestamps), enforced by the
 * handler and emitted into the OpenAPI document. A 204 route has no body.
 */
export type RouteAnswer =
  | { status?: 200 | 201; output: z.ZodType }
  | { status: 204; output?: undefined };

export type RouteDef = RouteAnswer & {
  method: Method;
  path: string;
  call: (c: Caller, input: RestInput) => Promise<unknown>;
  doc: RouteDoc;
  pattern: RegExp;
  keys: string[];
};

export function route(method: Method, path: string, call: RouteDef["call"], opts: RouteAnswer & { doc: RouteDoc }): RouteDef {
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
