import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashFlowFromNoi } from "@/lib/economics";
import { parseSearchParams } from "@/schemas/search";
import { createContext } from "@/server/api/context";
import { loan_terms } from "@/server/db/schema";
import { PageCache, withPageCache } from "@/server/http/page-cache";
import { searchForViewer } from "@/server/members";
import { rest, trpc, useSecurityWorld, type Answer } from "../security/world";

/**
 * A member's own 融資条件 (issue 33 item 3): the procedures and REST routes act on the session's
 * member only; the list's cards carry that member's 月間CF (economics.cashFlowFromNoi on the card's
 * price and NOI) and sr=cf_desc is their own order, while visitors, members without terms and the
 * shared caches never see either.
 */
const w = useSecurityWorld();

type Card = { id: number; price: number; noi: number | null; member_cf?: number | null; locked?: boolean };
type Page = { items: Card[]; total: number };
const json = <T>(a: Answer) => (a.body as { result: { data: { json: T } } }).result.data.json;
const search = async (input: Record<string, string>, cookie: string) => {
  const a = await trpc("public.investments.search", "query", input, cookie);
  expect(a.status).toBe(200);
  return json<Page>(a);
};

const TERMS_A = { funding: "down_payment", down_payment_pct: 10, interest_pct: 2.5, years: 30, purchase_cost_pct: 7 };
const TERMS_B = { funding: "own_funds", own_funds_man: "3000", interest_pct: "1.2", years: "45", purchase_cost_pct: "" };
const MODEL_A = { downPaymentPct: 10, interestPct: 2.5, years: 30, purchaseCostPct: 7 };
const MODEL_B = { ownFunds: 30_000_000, interestPct: 1.2, years: 45, purchaseCostPct: 7 };

describe("member.loanTerms and /api/member/loan-terms", () => {
  it("save, read back and delete through tRPC and REST, always the caller's own row", async () => {
    const a = await w.cookie("memberA");
    const b = await w.cookie("memberB");
    expect(json(await trpc("member.loanTerms.get", "query", undefined, a))).toEqual({ terms: null });

    const saved = await trpc("member.loanTerms.save", "mutation", TERMS_A, a);
    expect(saved.status).toBe(200);
    expect(json(saved)).toEqual({ terms: { ...TERMS_A, own_funds_man: null } });
    expect(await w.db.select().from(loan_terms).where(eq(loan_terms.user_id, w.ids.memberA)).get()).toMatchObject({
      own_funds: null,
      down_payment_pct: 10,
      interest_pct: 2.5,
      years: 30,
      purchase_cost_pct: 7,
    });

    // B sees none of A's, over tRPC and REST; B's own save leaves A's alone
    expect(json(await trpc("member.loanTerms.get", "query", undefined, b))).toEqual({ terms: null });
    expect((await rest("GET", "/api/member/loan-terms", null, b)).body).toEqual({ terms: null });
    const put = await rest("PUT", "/api/member/loan-terms", TERMS_B, b);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      terms: { funding: "own_funds", own_funds_man: 3000, down_payment_pct: null, interest_pct: 1.2, years: 45, purchase_cost_pct: 7 },
    });
    expect((await w.db.select().from(loan_terms).where(eq(loan_terms.user_id, w.ids.memberB)).get())?.own_funds).toBe(30_000_000);
    expect((await rest("GET", "/api/member/loan-terms", null, a)).body).toEqual({ terms: { ...TERMS_A, own_funds_man: null } });

    // a second save replaces (one row per member)
    expect((await rest("PUT", "/api/member/loan-terms", { ...TERMS_A, interest_pct: 2.0 }, a)).status).toBe(200);
    expect((await rest("PUT", "/api/member/loan-terms", TERMS_A, a)).status).toBe(200);
    expect(await w.db.select().from(loan_terms).where(eq(loan_terms.user_id, w.ids.memberA)).all()).toHaveLength(1);
  });

  it("REST answers 422 with Japanese field errors; visitors 401, staff 403", async () => {
    const a = await w.cookie("memberA");
    const bad = await rest("PUT", "/api/member/loan-terms", { funding: "down_payment", down_payment_pct: 10, interest_pct: 16, years: 51 }, a);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("金利は0〜15%の範囲で入力してください");
    expect(bad.text).toContain("期間は1〜50年の範囲の整数で入力してください");
    const missing = await rest("PUT", "/api/member/loan-terms", { funding: "own_funds", interest_pct: 1, years: 20 }, a);
    expect(missing.status).toBe(422);
    expect(missing.text).toContain("自己資金を入力してください");
    for (const method of ["GET", "PUT", "DELETE"]) {
      expect((await rest(method, "/api/member/loan-terms", TERMS_A, "")).status, method).toBe(401);
      expect((await rest(method, "/api/member/loan-terms", TERMS_A, await w.cookie("admin"))).status, method).toBe(403);
      expect((await rest(method, "/api/member/loan-terms", TERMS_A, await w.cookie("suspended"))).status, method).toBe(401);
    }
    // A's terms survived the failed calls
    expect((await rest("GET", "/api/member/loan-terms", null, a)).body).toEqual({ terms: { ...TERMS_A, own_funds_man: null } });
  });
});

describe("the list under each member's own terms", () => {
  it("two members see different 月間CF on the same page, each the model's; a visitor and a member without terms see none", async () => {
    const a = await w.cookie("memberA");
    const b = await w.cookie("memberB");
    // the visitor first, so the shared cached page exists before the members read it
    const visitorFirst = await search({ page: "1" }, "");
    const pa = await search({ page: "1" }, a);
    const pb = await search({ page: "1" }, b);
    const visitorAfter = await search({ page: "1" }, "");
    expect(pa.items.length).toBeGreaterThan(5);
    const priced = pa.items.filter((c) => !c.locked && c.noi !== null);
    expect(priced.length).toBeGreaterThan(3);
    for (const c of pa.items.filter((x) => !x.locked)) {
      expect(c.member_cf).toBe(c.noi === null ? null : cashFlowFromNoi(c.price * 10_000, c.noi, MODEL_A)!.monthlyCashFlow);
    }
    for (const c of pb.items.filter((x) => !x.locked)) {
      expect(c.member_cf).toBe(c.noi === null ? null : cashFlowFromNoi(c.price * 10_000, c.noi, MODEL_B)!.monthlyCashFlow);
    }
    const same = priced[0]!;
    expect(pb.items.find((c) => c.id === same.id)!.member_cf).not.toBe(same.member_cf);
    for (const p of [visitorFirst, visitorAfter]) for (const c of p.items) expect(c).not.toHaveProperty("member_cf");
    expect(JSON.stringify(visitorAfter)).not.toContain("member_cf");

    // a member without terms (A deletes theirs) sees none again
    expect((await rest("DELETE", "/api/member/loan-terms", null, a)).status).toBe(200);
    for (const c of (await search({ page: "1" }, a)).items) expect(c).not.toHaveProperty("member_cf");
    expect((await rest("PUT", "/api/member/loan-terms", TERMS_A, a)).status).toBe(200);
    // REST's list carries it too, for the member only
    const restA = await rest("GET", "/api/investments?page=1", null, a);
    expect(restA.text).toContain('"member_cf"');
    expect((await rest("GET", "/api/investments?page=1", null, "")).text).not.toContain('"member_cf"');
  });

  it("the home page's, a detail's related and the map's cards carry it too, for that member only", async () => {
    const a = await w.cookie("memberA");
    expect((await rest("PUT", "/api/member/loan-terms", TERMS_A, a)).status).toBe(200);
    type Home = { latest: Card[]; premium: Card[] };
    const visitorHome = json<Home>(await trpc("public.investments.facets.home", "query", undefined, ""));
    const home = json<Home>(await trpc("public.investments.facets.home", "query", undefined, a));
    const cards = [...home.latest, ...home.premium].filter((c) => !c.locked);
    expect(cards.length).toBeGreaterThan(3);
    for (const c of cards) expect(c.member_cf).toBe(c.noi === null ? null : cashFlowFromNoi(c.price * 10_000, c.noi, MODEL_A)!.monthlyCashFlow);
    expect(JSON.stringify(visitorHome)).not.toContain("member_cf");
    expect(JSON.stringify(json(await trpc("public.investments.facets.home", "query", undefined, "")))).not.toContain("member_cf");

    // a detail with related listings: each related card has A's figure; the visitor's has none
    type Detail = { locked?: boolean; related: Card[] };
    let shown = 0;
    for (const c of cards) {
      const d = json<Detail>(await trpc("public.investments.byId", "query", { id: c.id }, a));
      if (d.related.length === 0) continue;
      for (const r of d.related) expect(r.member_cf).toBe(r.noi === null ? null : cashFlowFromNoi(r.price * 10_000, r.noi, MODEL_A)!.monthlyCashFlow);
      const v = await trpc("public.investments.byId", "query", { id: c.id }, "");
      if (v.status === 200) expect(JSON.stringify(json(v))).not.toContain("member_cf");
      shown++;
    }
    expect(shown).toBeGreaterThan(0);

    // the map's cards, over tRPC and REST
    const BBOX = "134.0,34.2,136.5,35.8"; // all of Kansai
    const map = json<{ cards: Card[] }>(await trpc("public.map.view", "query", { bbox: BBOX, zoom: 8 }, a));
    expect(map.cards.length).toBeGreaterThan(3);
    for (const c of map.cards) expect(c.member_cf).toBe(c.noi === null ? null : cashFlowFromNoi(c.price * 10_000, c.noi, MODEL_A)!.monthlyCashFlow);
    expect(JSON.stringify(json(await trpc("public.map.view", "query", { bbox: BBOX, zoom: 8 }, "")))).not.toContain("member_cf");
    expect((await rest("GET", `/api/investments/map?bbox=${BBOX}&zoom=8`, null, a)).text).toContain('"member_cf"');
    expect((await rest("GET", `/api/investments/map?bbox=${BBOX}&zoom=8`, null, "")).text).not.toContain('"member_cf"');
  });

  it("sr=cf_desc is the member's own order; a visitor gets the default order", async () => {
    const a = await w.cookie("memberA");
    const b = await w.cookie("memberB");
    const all = { sr: "cf_desc", pp: "100" };
    const ca = (await search(all, a)).items.filter((c) => !c.locked);
    const cfs = ca.map((c) => c.member_cf ?? null);
    const known = cfs.filter((x): x is number => x !== null);
    expect(known.length).toBeGreaterThan(3);
    // the known figures first, descending, then the listings without a NOI
    expect(cfs.slice(0, known.length).every((x) => x !== null)).toBe(true);
    for (let k = 1; k < known.length; k++) expect(known[k]!).toBeLessThanOrEqual(known[k - 1]! + 1e-6);
    const cb = (await search(all, b)).items.filter((c) => !c.locked);
    const knownB = cb.map((c) => c.member_cf ?? null).filter((x): x is number => x !== null);
    for (let k = 1; k < knownB.length; k++) expect(knownB[k]!).toBeLessThanOrEqual(knownB[k - 1]! + 1e-6);

    const visitorCf = await search(all, "");
    const visitorDefault = await search({ pp: "100" }, "");
    expect(visitorCf.items.map((c) => c.id)).toEqual(visitorDefault.items.map((c) => c.id));
    expect(JSON.stringify(visitorCf)).not.toContain("member_cf");
    // and a visitor asking for it after the members did gets no member's order from a cache
    expect((await search(all, "")).items.map((c) => c.id)).toEqual(visitorDefault.items.map((c) => c.id));
  });
});

describe("the visitors' page cache never holds a member's figures", () => {
  it("a member's list render (with their 月間CF) is not stored; visitors are served a page without any", async () => {
    const a = await w.cookie("memberA");
    expect((await rest("PUT", "/api/member/loan-terms", TERMS_A, a)).status).toBe(200);
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 8 * 1024 * 1024 });
    // Stands in for Next: the list as the page renders it, through the real tRPC context (which declares the audience).
    const server = http.createServer(
      withPageCache(cache, async (req, res) => {
        const ctx = await createContext({ db: w.db, headers: new Headers(req.headers.cookie ? { cookie: req.headers.cookie } : {}) });
        const r = await searchForViewer(ctx.db, ctx, parseSearchParams({ sr: "cf_desc" }));
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(`<html><body>${JSON.stringify(r.items)}</body></html>`);
      }),
    );
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/investments?sr=cf_desc`;
    const get = async (cookie?: string) => {
      const res = await fetch(url, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
      return { marker: res.headers.get("x-page-cache"), body: await res.text() };
    };
    try {
      const member = await get(a);
      expect(member.body).toContain('"member_cf"');
      expect(cache.size).toBe(0);
      const v1 = await get();
      const v2 = await get();
      expect(v2.marker).toBe("hit");
      for (const v of [v1, v2]) expect(v.body).not.toContain("member_cf");
      expect(cache.size).toBe(1);
      // the member is never served the visitors' copy either
      const again = await get(a);
      expect(again.marker).not.toBe("hit");
      expect(again.body).toContain('"member_cf"');
      expect(cache.size).toBe(1);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
