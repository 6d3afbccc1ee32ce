import { createContext } from "@/server/api/context";
import { createCaller } from "@/server/api/root";
import { getDb } from "@/server/db";
import { env } from "@/server/env";
import { issueXsrfCookies, xsrfValid } from "./csrf";
import { errorResponse, json } from "./errors";
import { openApiDocument } from "./openapi";
import { pinOutput } from "./output";
import { routes } from "./routes";

/**
 * The REST adapter: the spec's /sanctum and /api paths on top of the tRPC
 * procedures, with Laravel Sanctum's semantics (XSRF cookie, 419, 422 field
 * errors, 401/403/404, 429 + Retry-After, 500 without details). Thin by
 * design: a route table, its pinned output schemas and one error mapper.
 */
function corsHeaders(req: Request): Record<string, string> {
  const origin = req.headers.get("origin");
  if (!origin) return {};
  const allowed = env()
    .CORS_ORIGINS.split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  if (!allowed.includes(origin)) return {};
  return { "access-control-allow-origin": origin, "access-control-allow-credentials": "true", vary: "Origin" };
}

function withHeaders(res: Response, headers: Record<string, string>, cookies: string[]): Response {
  const out = new Response(res.body, res);
  for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  for (const c of cookies) out.headers.append("set-cookie", c);
  out.headers.set("cache-control", "no-store");
  return out;
}

async function readBody(req: Request): Promise<Record<string, unknown> | "invalid"> {
  if (req.method === "GET" || req.method === "HEAD") return {};
  const text = await req.text();
  if (!text.trim()) return {};
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : "invalid";
  } catch {
    return "invalid";
  }
}

export async function handleRest(req: Request): Promise<Response> {
  const cors = corsHeaders(req);
  if (req.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...cors,
        "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE, OPTIONS",
        "access-control-allow-headers": "Accept, Content-Type, X-Requested-With, X-XSRF-TOKEN",
        "access-control-max-age": "600",
      },
    });
  }
  const url = new URL(req.url);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  if (path === "/sanctum/csrf-cookie" && req.method === "GET") {
    return withHeaders(new Response(null, { status: 204 }), cors, issueXsrfCookies(req.headers.get("cookie")));
  }
  if (path === "/api/openapi.json" && req.method === "GET") return withHeaders(json(openApiDocument()), cors, []);
  const candidates = routes.filter((r) => r.pattern.test(path));
  const def = candidates.find((r) => r.method === req.method);
  if (!def) {
    return withHeaders(
      candidates.length
        ? json({ message: "Method Not Allowed" }, 405, { allow: candidates.map((c) => c.method).join(", ") })
        : json({ message: "Not Found" }, 404),
      cors,
      [],
    );
  }
  if (req.method !== "GET" && !xsrfValid(req.headers)) return withHeaders(json({ message: "CSRF token mismatch." }, 419), cors, []);

  const body = await readBody(req);
  if (body === "invalid") return withHeaders(json({ message: "リクエストの形式が正しくありません" }, 400), cors, []);
  const match = def.pattern.exec(path)!;
  const params = Object.fromEntries(def.keys.map((k, i) => [k, decodeURIComponent(match[i + 1] ?? "")]));
  const cookies: string[] = [];
  let res: Response;
  try {
    const ctx = await createContext({ db: await getDb(), headers: req.headers, setCookie: (v) => cookies.push(v) });
    const result = await def.call(createCaller(ctx), { params, body, query: url.searchParams });
    // Every body goes through its route's output schema (see pinOutput: strip undeclared fields, 500 on drift).
    res = def.status === 204 ? new Response(null, { status: 204 }) : json(pinOutput(def.output, result, `${def.method} ${def.path}`), def.status ?? 200);
  } catch (e) {
    res = errorResponse(e, def.path);
  }
  return withHeaders(res, cors, cookies);
}
