import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { label, z } from "@/schemas/zod";
import { createContext } from "@/server/api/context";
import { fieldInvalid } from "@/server/errors";
import { createTRPCRouter, publicProcedure } from "@/server/api/trpc";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { createTestDb } from "../helpers/db";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

// A router built from the app's own tRPC instance, so the real error formatter is exercised over HTTP.
const router = createTRPCRouter({
  echo: publicProcedure
    .input(z.object({ names: z.object({ last: label(z.string().trim().min(1), "姓"), first: z.string() }), age: label(z.number().int().min(20), "年齢") }))
    .mutation(({ input }) => input),
  taken: publicProcedure.input(z.object({ name: z.string() })).mutation(() => {
    throw fieldInvalid("name", "この名前は既に使われています");
  }),
  boom: publicProcedure.query(() => {
    throw new Error("secret internal detail");
  }),
});

async function call(path: string, body: unknown) {
  const req = new Request(`http://localhost/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ json: body }),
  });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router, createContext: () => createContext({ db: t.db, headers: req.headers }) });
  return { status: res.status, body: (await res.json()) as { error?: { json: { message: string; data: Record<string, unknown> } } } };
}

describe("tRPC over HTTP: error shape", () => {
  it("exposes Japanese field errors keyed by dotted path", async () => {
    const { status, body } = await call("echo", { names: { last: "  ", first: "太郎" }, age: 18.5 });
    expect(status).toBe(400);
    expect(body.error?.json.data.fieldErrors).toEqual({
      "names.last": ["姓を入力してください"],
      age: ["年齢は整数で入力してください"],
    });
    expect(body.error?.json.data.stack).toBeUndefined();
  });

  it("shapes a business-rule failure like a schema failure", async () => {
    const { status, body } = await call("taken", { name: "x" });
    expect(status).toBe(400);
    expect(body.error?.json.data.fieldErrors).toEqual({ name: ["この名前は既に使われています"] });
  });

  it("hides internal errors", async () => {
    const req = new Request("http://localhost/api/trpc/boom");
    const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router, createContext: () => createContext({ db: t.db, headers: req.headers }) });
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toContain("at ");
  });
});

describe("CSRF: same-origin check for state-changing calls", () => {
  it("accepts same-origin and non-browser requests, rejects cross-site ones", () => {
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "cross-site", origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(new Headers({ "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: "https://evil.example" }), "http://localhost:3000/api/trpc/x")).toBe(false);
    expect(isSameOriginRequest(new Headers({ origin: "http://localhost:3000" }), "http://localhost:3000/api/trpc/x")).toBe(true);
    expect(isSameOriginRequest(new Headers())).toBe(true);
  });

  it("the /api/trpc route refuses a cross-site POST before running anything", async () => {
    const { POST } = await import("@/app/api/trpc/[trpc]/route");
    const res = await POST(
      new Request("http://localhost:3000/api/trpc/public.options.get", {
        method: "POST",
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(res.status).toBe(403);
  });
});
