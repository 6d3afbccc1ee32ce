import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { routes } from "@/server/rest/routes";
import { commitCounter } from "../../helpers/db";
import { JAPANESE, messageOf, procedures, rest, tierOf, trpc, useSecurityWorld, users, type Answer } from "./world";

/**
 * Fuzzing every public and member input (tRPC procedures through the app's
 * route handler, REST routes through handleRest) with hostile values:
 * control characters, malformed escapes, very long strings, prototype keys,
 * full-width forms, injection strings, wrong types and shapes. Every answer
 * is below 500; every rejection is a 4xx whose message is Japanese (REST
 * 404/405 keep Sanctum's fixed English strings, see SECURITY.md); and a
 * rejected call commits nothing (PRAGMA data_version seen from a connection
 * of our own changes on any commit by another).
 */
const w = useSecurityWorld();
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

// ── hostile values ──

const SPECIALS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%00",
  "%u0041",
  "\\u12",
  "\\x4",
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\uFEFF",
  "\u202E",
  "＝1+1",
  "＋1",
  "－1",
  "＠SUM(A1)",
  "１２３",
  "０",
  "ｔｒｕｅ",
  "ｎｕｌｌ",
  "　",
  "ﾃｽﾄ",
  "-1",
  "0",
  "1e308",
  "NaN",
  "Infinity",
  "9007199254740993",
  "0x10",
  "1_000",
  "",
  "' OR 1=1 --",
  '" OR ""="',
  "NEAR(",
  "*",
  "a OR b",
  '"',
  "'",
  ";",
  "\\",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../etc/passwd",
  "%2e%2e%2f",
  "a".repeat(10_000),
  "あ".repeat(5_000),
  "😀".repeat(2_000),
];
const control = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), maxLength: 20 });
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: control },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1e308, 0.1));
const keyArb = (keys: string[]) =>
  fc.oneof({ weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : hostileString }, { weight: 1, arbitrary: hostileString });

function valueArb(keys: string[]): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      hostileString,
      hostileNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 5 }),
      fc.dictionary(keyArb(keys), tie("value"), { maxKeys: 5 }),
    ),
  }));
  return value;
}

/** Keys of an input schema (zod object, possibly optional/default/pipe-wrapped), to aim values at real fields. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== "object" || depth > 4) return [];
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown; options?: unknown[] } } };
  if (s.shape) return Object.keys(s.shape).concat(...Object.values(s.shape).map((v) => keysOf(v, depth + 1)));
  const def = s._zod?.def;
  if (def?.innerType) return keysOf(def.innerType, depth + 1);
  if (def?.in) return keysOf(def.in, depth + 1);
  if (def?.options) return def.options.flatMap((o) => keysOf(o, depth + 1));
  return [];
}

/** An input for a target: mostly objects with its own field names and hostile values, sometimes anything. */
function inputArb(keys: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(keyArb(keys), valueArb(keys), { maxKeys: Math.max(3, keys.length) }) },
    { weight: 1, arbitrary: valueArb(keys) },
  );
}

// ── targets ──

type Target =
  | { kind: "trpc"; name: string; type: "query" | "mutation"; member: boolean; keys: string[] }
  | { kind: "rest"; name: string; method: string; path: string; member: boolean; keys: string[]; params: string[] };

const trpcTargets: Target[] = Object.entries(procedures)
  .filter(([, p]) => tierOf(p) !== "admin")
  .map(([name, p]) => {
    const inputs = (p._def as unknown as { inputs?: unknown[] }).inputs ?? [];
    return {
      kind: "trpc",
      name,
      type: p._def.type === "query" ? "query" : "mutation",
      member: tierOf(p) === "member",
      keys: [...new Set(inputs.flatMap((i) => keysOf(i)))],
    };
  });
const restTargets: Target[] = routes
  .filter((r) => r.doc.auth !== "admin")
  .map((r) => ({
    kind: "rest",
    name: `${r.method} ${r.path}`,
    method: r.method,
    path: r.path,
    member: r.doc.auth === "member",
    keys: r.input ? keysOf(r.input) : [],
    params: r.keys,
  }));
const targets = [...trpcTargets, ...restTargets];

const caseArb = fc.constantFrom(...targets).chain((t) =>
  fc.record({
    target: fc.constant(t),
    input: inputArb(t.keys),
    params: fc.array(hostileString, { minLength: 2, maxLength: 2 }),
    rawBody: fc.option(
      fc.constantFrom(
        "{",
        "[]",
        "null",
        '{"json":',
        '{"json":{},"meta":{"values":{"__proto__":["Date"]}}}',
        '{"__proto__":{"admin":true}}',
        "\u0000",
        "a=1&a=2",
      ),
      { freq: 8 },
    ),
  }),
);

// ── the observer: a connection of our own sees every commit made by the app's ──

let observer: ReturnType<typeof commitCounter>;
beforeAll(() => {
  observer = commitCounter(env().DATABASE_URL);
});
afterAll(() => observer?.close());
const dataVersion = () => observer.read();

async function send(t: Target, input: unknown, params: string[], rawBody: string | null, cookie: string): Promise<Answer> {
  if (t.kind === "trpc") {
    if (rawBody !== null && t.type === "mutation") {
      const { POST } = await import("@/app/api/trpc/[trpc]/route");
      const headers: Record<string, string> = { "sec-fetch-site": "same-origin", "content-type": "application/json" };
      if (cookie) headers.cookie = cookie;
      const res = await POST(new Request(`http://localhost:3000/api/trpc/${t.name}`, { method: "POST", headers, body: rawBody }));
      const text = await res.text();
      return {
        status: res.status,
        text,
        body: (() => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return text;
          }
        })(),
      };
    }
    return trpc(t.name, t.type, input, cookie);
  }
  let i = 0;
  // Well-formed percent-encoding only: malformed escapes in the path are the HTTP layer's (issue 16 item 7).
  const wellFormed = (v: string) => v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const path = t.path.replace(/:([a-z_]+)/gi, () => encodeURIComponent(wellFormed(params[i++] ?? "")));
  if (t.method === "GET") {
    const qs =
      input && typeof input === "object" && !Array.isArray(input)
        ? new URLSearchParams(
            Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")]),
          ).toString()
        : "";
    return rest("GET", qs ? `${path}?${qs}` : path, null, cookie);
  }
  return rest(t.method, path, rawBody ?? input, cookie);
}

/** REST answers whose bodies the Sanctum contract fixes in English (a 429 says the limiter's Japanese sentence). */
const SANCTUM_FIXED = new Set([404, 405]);

describe("fuzzing every public and member input", () => {
  it("the observer sees a commit made through the app's own connection (so the check below can fail)", async () => {
    const before = await dataVersion();
    await w.db.update(users).set({ fax: "06-0000-0000" }).where(eq(users.id, w.ids.memberB));
    expect(await dataVersion()).not.toBe(before);
  });

  it(
    `${CASES} hostile cases over ${trpcTargets.length} procedures and ${restTargets.length} REST routes: no 5xx, Japanese 4xx, nothing committed on rejection`,
    { timeout: 600_000 },
    async () => {
      const tally = { cases: 0, ok: 0, rejected: 0, byStatus: {} as Record<number, number>, trpc: 0, rest: 0 };
      const memberCookie = async () => w.cookie("memberA");
      await fc.assert(
        fc.asyncProperty(caseArb, async ({ target, input, params, rawBody }) => {
          // A fresh session per member case (a fuzzed logout or withdrawal must not end the next case's), made before the baseline.
          const cookie = target.member ? await memberCookie() : "";
          const before = await dataVersion();
          const a = await send(target, input, params, rawBody, cookie);
          tally.cases++;
          tally[target.kind]++;
          tally.byStatus[a.status] = (tally.byStatus[a.status] ?? 0) + 1;
          const where = `${target.name} ${JSON.stringify(input)?.slice(0, 300)} raw=${rawBody ?? "-"} params=${JSON.stringify(params).slice(0, 100)}`;
          expect(a.status, `${where} → ${a.text.slice(0, 300)}`).toBeLessThan(500);
          if (a.status >= 400) {
            tally.rejected++;
            if (!(target.kind === "rest" && SANCTUM_FIXED.has(a.status))) expect(messageOf(a), `${where}: message`).toMatch(JAPANESE);
            expect(await dataVersion(), `${where}: a rejected call committed a change`).toBe(before);
          } else tally.ok++;
        }),
        { numRuns: CASES, seed: SEED, endOnFailure: true },
      );
      console.info(`fuzz: ${JSON.stringify(tally)}`);
      expect(tally.cases).toBe(CASES);
      expect(tally.trpc).toBeGreaterThan(CASES / 4);
      expect(tally.rest).toBeGreaterThan(CASES / 8);
    },
  );
});
