import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Google's reCAPTCHA siteverify endpoint. It parses the
 * POSTed form (secret, response, remoteip) exactly as Google does and answers
 * according to the token:
 *
 *   good-<Action>       success, that action, hostname from APP_URL, fresh challenge_ts, score 0.9
 *   low-<Action>        as good, score 0.1
 *   wrong-action        success, action "SomethingElse"
 *   stale-<Action>      as good, challenge_ts 10 minutes old
 *   bad-host-<Action>   as good, hostname evil.example.net
 *   failed              success false, error-codes invalid-input-response
 *   http-500            HTTP 500
 *   anything else       success false, error-codes invalid-input-response
 *
 * A wrong secret answers success false (invalid-input-secret), as Google does.
 */
export type SiteverifyRequest = { secret: string | null; response: string | null; remoteip: string | null; contentType: string | undefined };

export type RecaptchaStub = {
  url: string;
  readonly requests: SiteverifyRequest[];
  clear(): void;
  stop(): Promise<void>;
};

export async function startRecaptchaStub(opts: { secret: string; hostname: string }): Promise<RecaptchaStub> {
  const requests: SiteverifyRequest[] = [];
  const answer = (token: string): { status: number; body: Record<string, unknown> } => {
    const fresh = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
    const ok = (action: string, over: Record<string, unknown> = {}) => ({
      status: 200,
      body: { success: true, score: 0.9, action, challenge_ts: fresh, hostname: opts.hostname, ...over },
    });
    const action = (prefix: string) => token.slice(prefix.length);
    if (token.startsWith("good-")) return ok(action("good-"));
    if (token.startsWith("low-")) return ok(action("low-"), { score: 0.1 });
    if (token === "wrong-action") return ok("SomethingElse");
    if (token.startsWith("stale-")) {
      const old = new Date(Date.now() - 10 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
      return ok(action("stale-"), { challenge_ts: old });
    }
    if (token.startsWith("bad-host-")) return ok(action("bad-host-"), { hostname: "evil.example.net" });
    if (token === "http-500") return { status: 500, body: {} };
    return { status: 200, body: { success: false, "error-codes": ["invalid-input-response"] } };
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const r: SiteverifyRequest = {
        secret: form.get("secret"),
        response: form.get("response"),
        remoteip: form.get("remoteip"),
        contentType: req.headers["content-type"],
      };
      requests.push(r);
      const reply =
        req.method !== "POST"
          ? { status: 405, body: {} }
          : r.secret !== opts.secret
            ? { status: 200, body: { success: false, "error-codes": ["invalid-input-secret"] } }
            : answer(r.response ?? "");
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    clear() {
      requests.length = 0;
    },
    stop() {
      if (stopped) return Promise.resolve();
      stopped = true;
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
