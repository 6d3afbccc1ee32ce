import { isDeepStrictEqual } from "node:util";
import { z } from "@/schemas/zod";
import { routes } from "@/server/rest/routes";

/** A parsed JSON body: contract tests read arbitrary shapes and assert on them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately loose for assertions
type Json = any;

/**
 * Success answers seen by any RestClient, by route (`METHOD /template`), each
 * already checked against the route table's pinned output schema. Kept so a
 * suite can prove which routes it covered and re-check the bodies against the
 * published OpenAPI document.
 */
export const contractLog = new Map<string, Json[]>();

/**
 * The contract of a success answer: the status the route table declares, and
 * a body that parses with the route's output schema with nothing left over
 * (parsing strips undeclared fields, so any difference is a field the schema
 * does not declare). Throws, failing the test that made the call.
 */
export function checkContract(method: string, path: string, status: number, json: Json): void {
  if (status < 200 || status >= 300) return;
  const pathname = new URL(path, "http://x").pathname;
  const def = routes.find((r) => r.method === method && r.pattern.test(pathname));
  if (!def) return; // /sanctum/csrf-cookie, /api/openapi.json
  const name = `${def.method} ${def.path}`;
  if (status !== (def.status ?? 200)) throw new Error(`${name} answered ${status}; the route table says ${def.status ?? 200}`);
  if (def.status === 204) {
    if (json !== null) throw new Error(`${name} is 204 but sent a body`);
  } else {
    const parsed = def.output.safeParse(json);
    if (!parsed.success) throw new Error(`${name}: body does not match its output schema\n${z.prettifyError(parsed.error)}`);
    if (!isDeepStrictEqual(parsed.data, json)) throw new Error(`${name}: body carries fields its output schema does not declare`);
  }
  const seen = contractLog.get(name) ?? [];
  if (seen.length < 5) seen.push(json);
  contractLog.set(name, seen);
}

/** A browser-like SPA client for the REST contract: cookie jar, csrf-cookie first, X-XSRF-TOKEN, JSON accept; every success answer of get/send is checked by checkContract. */
export class RestClient {
  readonly jar = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async csrf(): Promise<Response> {
    const res = await this.raw("GET", "/sanctum/csrf-cookie");
    return res;
  }

  xsrf(): string | undefined {
    return this.jar.get("XSRF-TOKEN");
  }

  async raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(this.base + path, {
      method,
      redirect: "manual",
      headers: {
        accept: "application/json",
        "x-requested-with": "XMLHttpRequest",
        "x-forwarded-for": this.ip,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.store(res);
    return res;
  }

  /** A state-changing call with the XSRF header, as the SPA sends it. */
  async send(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json; res: Response }> {
    const token = this.xsrf();
    const res = await this.raw(method, path, body, token ? { "x-xsrf-token": decodeURIComponent(token) } : {});
    const text = await res.text();
    const json: Json = text ? JSON.parse(text) : null;
    checkContract(method, path, res.status, json);
    return { status: res.status, json, res };
  }

  async get(path: string): Promise<{ status: number; json: Json; res: Response }> {
    const res = await this.raw("GET", path);
    const text = await res.text();
    const json: Json = text ? JSON.parse(text) : null;
    checkContract("GET", path, res.status, json);
    return { status: res.status, json, res };
  }
}
