import type { createCaller } from "@/server/api/root";
import type { z } from "@/schemas/zod";

/** One line of the route table: a spec path and the procedure it maps to. */
export type Caller = ReturnType<typeof createCaller>;
export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
export type RestInput = { params: Record<string, string>; body: Record<string, unknown>; query: URLSearchParams };

export interface RouteDef {
  method: Method;
  path: string;
  call: (c: Caller, input: RestInput) => Promise<unknown>;
  /** 204 responses carry no body (logout…). */
  status?: 200 | 201 | 204;
  /** For the OpenAPI document: what the route reads and answers. */
  doc?: { summary: string; tag: string; input?: z.ZodType; output?: z.ZodType; auth?: "member" | "admin" };
  pattern: RegExp;
  keys: string[];
}

export function route(method: Method, path: string, call: RouteDef["call"], opts: Pick<RouteDef, "status" | "doc"> = {}): RouteDef {
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
