import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/trpc/[trpc]/route";
import { JAPANESE, messageOf, trpc, useSecurityWorld } from "./world";

/**
 * What a client reads when tRPC refuses a request: the first field's
 * Japanese message for an input failure, a Japanese sentence for a transport
 * failure, never the library's English, a JSON dump of issues or internals.
 */
useSecurityWorld();

async function raw(path: string, body: string) {
  const res = await POST(
    new Request(`http://localhost:3000/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body,
    }),
  );
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown };
}

describe("tRPC error messages", () => {
  it.each(["null", "{", '{"json":', "\u0000", '{"json":{},"meta":{"values":{"__proto__":["Date"]}}}'])(
    "a malformed body %j is a 400 in Japanese",
    async (body) => {
      const a = await raw("public.auth.signup", body);
      expect(a.status).toBe(400);
      expect(messageOf(a)).toBe("リクエストの形式が正しくありません");
      expect(a.text).not.toMatch(/Cannot destructure|JSON|__proto__ is not allowed/);
    },
  );

  it("an input failure reads as its first field's message, not a dump of the issues", async () => {
    const a = await trpc("public.auth.signup", "mutation", [], "");
    expect(a.status).toBe(400);
    expect(messageOf(a)).toMatch(JAPANESE);
    expect(messageOf(a)).not.toContain('"code"');
  });

  it("an unknown procedure is a 404 in Japanese", async () => {
    const a = await trpc("public.nothing.here", "query", undefined, "");
    expect(a.status).toBe(404);
    expect(messageOf(a)).toMatch(JAPANESE);
  });
});
