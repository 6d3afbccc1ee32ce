/** A parsed JSON body: contract tests read arbitrary shapes and assert on them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately loose for assertions
type Json = any;

/** A browser-like SPA client for the REST contract: cookie jar, csrf-cookie first, X-XSRF-TOKEN, JSON accept. */
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
    return { status: res.status, json: text ? JSON.parse(text) : null, res };
  }

  async get(path: string): Promise<{ status: number; json: Json; res: Response }> {
    const res = await this.raw("GET", path);
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null, res };
  }
}
