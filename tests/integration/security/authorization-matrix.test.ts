import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookmarks, contacts, filters, investment_views, loan_terms, matchings } from "@/server/db/schema";
import { routes } from "@/server/rest/routes";
import { procedures, rest, ROLES, tierOf, trpc, trpcCode, useSecurityWorld, type Role, type Tier, type World } from "./world";

/**
 * The authorization matrix, generated: every tRPC procedure of appRouter and
 * every REST route of the route table, under every role. The tier comes
 * from each procedure's middleware chain; a procedure whose tier does not
 * match its namespace, or a member / public procedure not classified below,
 * fails the suite, so a new procedure cannot slip in unreviewed.
 */
const w = useSecurityWorld();
type Ids = World["ids"];

/** Member procedures that take the id of a member's own row: member B sends A's. */
const MEMBER_OWNED: Record<string, (i: Ids) => unknown> = {
  "member.contacts.remove": (i) => ({ id: i.aContact }),
  "member.filters.update": (i) => ({ id: i.aFilter, name: "乗っ取り" }),
  "member.filters.remove": (i) => ({ id: i.aFilter }),
  "member.filters.nameTaken": (i) => ({ id: i.aFilter, name: "甲野の条件" }),
  "member.matchings.read": (i) => ({ id: i.aMatching, read: true }),
  "member.matchings.remove": (i) => ({ ids: [i.aMatching] }),
  "member.bookmarks.remove": (i) => ({ investmentId: i.publicListing }),
  "member.bookmarks.has": (i) => ({ investmentId: i.publicListing }),
  "member.scenario.get": (i) => ({ investmentId: i.publicListing }),
  "member.scenario.saveScenario": (i) => ({ investmentId: i.publicListing, scenario: null }),
};
/** Member procedures with no id of another member's row in their input: they act on the caller's own rows. */
const MEMBER_SELF = new Set([
  "member.account.info",
  "member.account.profile",
  "member.account.update",
  "member.account.changeEmail",
  "member.account.changePassword",
  "member.account.delete",
  "member.account.notification",
  "member.account.setNotification",
  "member.bookmarks.list",
  "member.bookmarks.add",
  "member.bookmarks.compare",
  "member.contacts.list",
  "member.filters.list",
  "member.filters.create",
  "member.matchings.list",
  "member.matchings.unread",
  "member.matchings.readAll",
  "member.matchings.dashboard",
  "member.views.record",
  "member.views.list",
  "member.views.clear",
  // bookmarks / saves for the caller after sign-up or login (issue 30); a listing id is not another member's row
  "member.intent.carryOut",
  // the caller's own 融資条件 (issue 33): no id in the input, always the session's member
  "member.loanTerms.get",
  "member.loanTerms.save",
  "member.loanTerms.remove",
]);
/** Visitor surfaces (public queries) with the input each is read with. */
const PUBLIC_QUERIES: Record<string, (i: Ids) => unknown> = {
  "public.investments.search": () => ({}),
  "public.investments.count": () => ({}),
  "public.investments.membersOnlyCount": () => ({}),
  "public.investments.byId": (i) => ({ id: i.membersOnlyListing }),
  "public.investments.facets.area": () => undefined,
  "public.investments.facets.train": () => undefined,
  "public.investments.facets.feature": () => undefined,
  "public.investments.facets.home": () => undefined,
  "public.investments.railwayNames": () => ({ sl: [], st: [], rg: [] }),
  "public.market.market": () => undefined,
  "public.map.view": () => ({ bbox: "135.4,34.6,135.6,34.8", zoom: 12 }),
  "public.map.nearby": () => ({ id: 1 }),
  "public.cms.page": () => ({ key: "company" }),
  "public.cms.posts": () => ({}),
  "public.cms.post": () => ({ slug: "x" }),
  "public.cms.recent": () => ({ limit: 20 }),
  "public.cms.categories": () => undefined,
  "public.contacts.prefill": () => undefined,
  "public.options.get": () => undefined,
  "public.options.holidayNote": () => undefined,
  "public.session.state": () => undefined,
  // The staff invitation page: who an unknown link is for (null for anyone's guess).
  "public.auth.adminInviteState": () => ({ token: "a".repeat(32) }),
  // Issue 34: a listing's hazard flags (null when the viewer may not see it) and the tile base URL.
  "public.hazards.byListing": (i) => ({ id: i.membersOnlyListing }),
  "public.hazards.tiles": () => undefined,
  // Issue 30: 郵便番号 → 住所 (rate-limited per address).
  "public.postal.lookup": () => ({ zip: "5300001" }),
};
/** Public mutations: sign-up, login, reset and inquiry forms. */
const PUBLIC_MUTATIONS = /^public\.(auth\.[a-zA-Z]+|contacts\.(investment|consult|other|sell|exchange))$/;

/** What the tier lets each role do: "pass" = past the tier check (any answer but 401/403). */
const EXPECTED: Record<Tier, Record<Role, "pass" | "UNAUTHORIZED" | "FORBIDDEN">> = {
  public: { visitor: "pass", memberA: "pass", memberB: "pass", suspended: "pass", admin: "pass" },
  member: { visitor: "UNAUTHORIZED", memberA: "pass", memberB: "pass", suspended: "UNAUTHORIZED", admin: "FORBIDDEN" },
  admin: { visitor: "UNAUTHORIZED", memberA: "FORBIDDEN", memberB: "FORBIDDEN", suspended: "UNAUTHORIZED", admin: "pass" },
};
const HTTP = { UNAUTHORIZED: 401, FORBIDDEN: 403 } as const;

const entries = Object.entries(procedures);

async function aRows(db: World["db"], userId: number): Promise<string> {
  return JSON.stringify([
    await db.select().from(bookmarks).where(eq(bookmarks.user_id, userId)).all(),
    await db.select().from(filters).where(eq(filters.user_id, userId)).all(),
    await db.select().from(matchings).where(eq(matchings.user_id, userId)).all(),
    await db.select().from(contacts).where(eq(contacts.user_id, userId)).all(),
    await db.select().from(investment_views).where(eq(investment_views.user_id, userId)).all(),
    await db.select().from(loan_terms).where(eq(loan_terms.user_id, userId)).all(),
  ]);
}

describe("every procedure is classified", () => {
  it("the namespace matches the tier of the middleware chain", () => {
    expect(entries.length).toBeGreaterThan(100);
    const wrong = entries.filter(([path, p]) => !path.startsWith(`${tierOf(p)}.`)).map(([path, p]) => `${path} is built on ${tierOf(p)}Procedure`);
    expect(wrong).toEqual([]);
  });

  it("every member procedure is owned-id or self-scoped, every public one a known surface or form", () => {
    const unclassified = entries
      .filter(([path, p]) => {
        const tier = tierOf(p);
        if (tier === "member") return !(path in MEMBER_OWNED) === !MEMBER_SELF.has(path); // in neither, or in both
        if (tier === "public") return p._def.type === "query" ? !(path in PUBLIC_QUERIES) : !PUBLIC_MUTATIONS.test(path);
        return false;
      })
      .map(([path]) => path);
    expect(unclassified, "classify new procedures in authorization-matrix.test.ts").toEqual([]);
    // And nothing classified that no longer exists.
    for (const path of [...Object.keys(MEMBER_OWNED), ...MEMBER_SELF, ...Object.keys(PUBLIC_QUERIES)]) expect(procedures[path], path).toBeDefined();
  });
});

describe("tRPC: procedures × roles", () => {
  it("each tier admits exactly its roles, never a 5xx", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const [path, p] of entries) {
      const tier = tierOf(p);
      for (const role of ROLES) {
        const type = p._def.type === "query" ? "query" : "mutation";
        // No input: the tier check runs before the input is parsed, and no handler runs without its input.
        const a = await trpc(path, type, undefined, await w.cookie(role));
        cells++;
        const code = trpcCode(a);
        const want = EXPECTED[tier][role];
        if (a.status >= 500) failures.push(`${path} as ${role}: ${a.status}`);
        else if (want === "pass" ? code === "UNAUTHORIZED" || code === "FORBIDDEN" : code !== want || a.status !== HTTP[want])
          failures.push(`${path} as ${role}: ${a.status} ${code ?? "OK"}, want ${want}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cells).toBe(entries.length * ROLES.length);
  });

  it("member B with member A's ids changes and learns nothing of A's", async () => {
    const before = await aRows(w.db, w.ids.memberA);
    for (const [path, input] of Object.entries(MEMBER_OWNED)) {
      const a = await trpc(path, procedures[path]!._def.type === "query" ? "query" : "mutation", input(w.ids), await w.cookie("memberB"));
      expect(a.status, path).toBeLessThan(500);
      expect(a.text, `${path} answered with A's data`).not.toMatch(/甲野/);
      if (path === "member.filters.nameTaken") expect(a.body).toMatchObject({ result: { data: { json: { exists: false } } } });
      if (path === "member.bookmarks.has" || path === "member.scenario.get") expect(a.text).not.toMatch(/"(bookmarked|json)":true/);
    }
    expect(await aRows(w.db, w.ids.memberA)).toBe(before);
    // B's own lists hold nothing of A's.
    for (const path of [
      "member.bookmarks.list",
      "member.contacts.list",
      "member.filters.list",
      "member.matchings.list",
      "member.views.list",
      "member.account.profile",
    ]) {
      const a = await trpc(path, "query", undefined, await w.cookie("memberB"));
      expect(a.status, path).toBe(200);
      expect(a.text, path).not.toMatch(/甲野/);
    }
  });
});

/** Path parameters filled with member A's ids (so member B's calls aim at A's rows). */
function fill(path: string, i: Ids): string {
  const byRoute: Record<string, number> = {
    "/api/user/filter/:id": i.aFilter,
    "/api/user/filter/check/:id/:name": i.aFilter,
    "/api/user/contact/:id": i.aContact,
    "/api/user/matchings/:id": i.aMatching,
    "/api/user/bookmark/:id": i.publicListing,
    "/api/investments/:id": i.membersOnlyListing,
  };
  // Admin routes aim at an id that does not exist: the tier is what is tested, not deleting a member.
  return path
    .replace(":id", String(byRoute[path] ?? 999_999))
    .replace(":name", encodeURIComponent("甲野の条件"))
    .replace(":status", "active")
    .replace(":type", "individual")
    .replace(":no", "X-1");
}

describe("REST: routes × roles", () => {
  it("each route admits exactly the roles its procedure's tier admits, and documents it", { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const tier: Tier = r.doc.auth ?? "public";
      for (const role of ROLES) {
        // A body that fails validation where there is one: the tier decides before any handler work.
        const a = await rest(r.method, fill(r.path, w.ids), { __probe: true }, await w.cookie(role));
        const want = EXPECTED[tier][role];
        if (a.status >= 500) failures.push(`${r.method} ${r.path} as ${role}: ${a.status}`);
        else if (want === "pass" ? a.status === 401 || a.status === 403 || a.status === 419 : a.status !== HTTP[want])
          failures.push(`${r.method} ${r.path} as ${role}: ${a.status}, want ${want}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("member B's REST calls on A's ids are 404s and leave A's rows alone", async () => {
    const before = await aRows(w.db, w.ids.memberA);
    const b = await w.cookie("memberB");
    expect((await rest("PATCH", `/api/user/filter/${w.ids.aFilter}`, { name: "乗っ取り" }, b)).status).toBe(404);
    expect((await rest("DELETE", `/api/user/filter/${w.ids.aFilter}`, {}, b)).status).toBe(404);
    expect((await rest("DELETE", `/api/user/contact/${w.ids.aContact}`, {}, b)).status).toBe(404);
    expect((await rest("PATCH", `/api/user/matchings/${w.ids.aMatching}`, { read: true }, b)).status).toBe(404);
    const check = await rest("GET", `/api/user/filter/check/0/${encodeURIComponent("甲野の条件")}`, null, b);
    expect(check.body).toEqual({ exists: false });
    expect(await aRows(w.db, w.ids.memberA)).toBe(before);
  });
});

describe("members-only listings never reach a visitor", () => {
  it("absent from every public query and REST read of a visitor, present for a member", async () => {
    const moId = w.ids.membersOnlyListing;
    const visitorSearch = await trpc("public.investments.search", "query", { page: "1" }, "");
    const memberSearch = await trpc("public.investments.search", "query", { page: "1" }, await w.cookie("memberA"));
    expect(visitorSearch.status).toBe(200);
    const total = (a: typeof visitorSearch) => (a.body as { result: { data: { json: { total: number } } } }).result.data.json.total;
    expect(total(memberSearch)).toBeGreaterThan(total(visitorSearch));

    const names = w.ids.membersOnlyNames;
    expect(names.length).toBeGreaterThan(0);
    const idPattern = new RegExp(`"_?id":${moId}[,}]`);
    for (const [path, input] of Object.entries(PUBLIC_QUERIES)) {
      const a = await trpc(path, "query", input(w.ids), "");
      expect(a.status, path).toBeLessThan(500);
      if (path === "public.investments.byId") {
        expect(a.body).toMatchObject({ result: { data: { json: { locked: true } } } });
        continue;
      }
      if (path.startsWith("public.investments.") || path === "public.market.market") expect(a.text, path).not.toMatch(idPattern);
      for (const n of names) expect(a.text, `${path} shows ${n}`).not.toContain(n);
    }
    // Every page of the visitor's list, through tRPC and REST.
    for (let page = 1; page <= 10; page++) {
      const t = await trpc("public.investments.search", "query", { page: String(page) }, "");
      const r = await rest("GET", `/api/investments?page=${page}`, null, "");
      for (const a of [t, r]) {
        expect(a.status).toBe(200);
        expect(a.text).not.toMatch(idPattern);
        for (const n of names) expect(a.text).not.toContain(n);
      }
    }
    const detail = await rest("GET", `/api/investments/${moId}`, null, "");
    expect(detail.status).toBeLessThan(500);
    for (const n of names) expect(detail.text).not.toContain(n);
    const asMember = await rest("GET", `/api/investments/${moId}`, null, await w.cookie("memberA"));
    expect(asMember.status).toBe(200);
  });
});
