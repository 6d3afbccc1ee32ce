import { and, desc, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as DbModule from "@/server/db";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { setTestEnv } from "../../helpers/accounts";
import { seededDb, VISIBLE, type Seeded } from "./setup";

/**
 * Issue 33, done when: `/investments/page/1?ny=5&sk=70&ow=1&sr=net_yield_desc` lists only the
 * listings that pass (実質利回り ≥ 5 %, 積算比 ≥ 70 %, 所有権), in that order (実質利回り ↓, ties id ↓),
 * for visitors and members, in the card list, the table view (vw=table), GET /api/investments
 * and the map (tRPC and GET /api/investments/map). The expected ids come from hand-written SQL
 * over the demo data.
 */
const state = vi.hoisted(() => ({ db: null as Db | null, cookie: "" }));
// The page's server context: a request with the viewer's cookie, over the seeded database.
vi.mock("next/headers", () => ({ headers: async () => new Headers(state.cookie ? { cookie: state.cookie } : {}) }));
vi.mock("@/server/db", async (importOriginal) => {
  const real = await importOriginal<typeof DbModule>();
  return { ...real, getDb: async () => state.db! };
});

const { InvestmentListPage, listMetadata } = await import("@/app/(site)/investments/_list/list-page");
const { InvestmentTable } = await import("@/app/(site)/investments/_list/investment-table");
const { InvestmentCardGrid } = await import("@/components/investment/investment-card-grid");
const { callerFor } = await import("../../helpers/context");
const { handleRest } = await import("@/server/rest/handler");
const { resetMapCacheForTests } = await import("@/server/map");

type Element = { type: unknown; props: Record<string, unknown> };
/** Every element in the tree a server component returned (its children elements, not rendered further). */
function elementsOf(node: unknown, out: Element[] = []): Element[] {
  if (Array.isArray(node)) for (const n of node) elementsOf(n, out);
  else if (node && typeof node === "object" && "props" in node) {
    const e = node as Element;
    out.push(e);
    elementsOf(e.props.children, out);
  }
  return out;
}
const cardsOf = (tree: unknown, type: unknown): number[] | undefined =>
  (elementsOf(tree).find((e) => e.type === type)?.props.cards as { id: number }[] | undefined)?.map((c) => c.id);

const RAW = { ny: "5", sk: "70", ow: "1", sr: "net_yield_desc" };
const QS = new URLSearchParams(RAW).toString();
/** All of Kansai and then some: every placed listing is in view. */
const BBOX = "133.5,33.5,137.5,36";

let t: Seeded;
let restoreEnv: () => void;
let memberCookie = "";
const expected: Record<"visitor" | "member", number[]> = { visitor: [], member: [] };
let placed = new Set<number>();

beforeAll(async () => {
  t = await seededDb();
  state.db = t.db;
  restoreEnv = setTestEnv({ APP_URL: "http://localhost:3000" });
  resetMapCacheForTests();
  memberCookie = (await callerFor(t.db, { userId: t.memberId })).cookieHeader;
  for (const audience of ["visitor", "member"] as const) {
    const rows = await t.db
      .select({ id: investments.id })
      .from(investments)
      .where(and(VISIBLE[audience], gte(investments.net_yield, 5), gte(investments.sekisan_ratio, 70), eq(investments.freehold, true)))
      .orderBy(desc(investments.net_yield), desc(investments.id))
      .all();
    expected[audience] = rows.map((r) => r.id);
  }
  const geo = await t.db.all<{ id: number }>(sql`SELECT id FROM investments_geo WHERE vis_min >= 1`);
  placed = new Set(geo.map((g) => g.id));
});
afterAll(() => {
  restoreEnv?.();
  t?.cleanup();
});

describe("ny=5&sk=70&ow=1&sr=net_yield_desc", () => {
  it("the demo data has listings that pass and many that do not (the test proves something)", async () => {
    expect(expected.visitor.length).toBeGreaterThanOrEqual(3);
    expect(expected.member.length).toBeGreaterThan(expected.visitor.length);
    const [all] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM investments WHERE public = 1 AND not_updated_at IS NULL`);
    expect(all!.n).toBeGreaterThan(expected.member.length * 3);
    // the sort decides the order: it is not the id order (the ties' order)
    expect(expected.member).not.toEqual([...expected.member].sort((a, b) => b - a));
  });

  for (const who of ["visitor", "member"] as const) {
    it(`${who}: the list page (cards and table) and GET /api/investments list exactly those, in order`, async () => {
      state.cookie = who === "member" ? memberCookie : "";
      const want = expected[who];
      const cards = await InvestmentListPage({ page: 1, raw: { ...RAW, pp: "100" } });
      expect(cardsOf(cards, InvestmentCardGrid)).toEqual(want.slice(0, 100));
      const table = await InvestmentListPage({ page: 1, raw: { ...RAW, pp: "100", vw: "table" } });
      expect(cardsOf(table, InvestmentTable)).toEqual(want.slice(0, 100));
      expect(cardsOf(table, InvestmentCardGrid)).toBeUndefined();

      const res = await handleRest(
        new Request(`http://localhost:3000/api/investments?${QS}&pp=100`, { headers: state.cookie ? { cookie: state.cookie } : {} }),
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: { _id: number }[]; total: number };
      expect(body.total).toBe(want.length);
      expect(body.items.map((i) => i._id)).toEqual(want.slice(0, 100));
    });

    it(`${who}: the map (tRPC and GET /api/investments/map) holds the same set, cards in the same order`, async () => {
      const want = expected[who];
      const wantPlaced = want.filter((id) => placed.has(id));
      const { caller } = await callerFor(t.db, who === "member" ? { userId: t.memberId } : {});
      const view = await caller.public.map.view({ bbox: BBOX, zoom: 8, ...RAW });
      expect(view.total + view.unplaced).toBe(want.length);
      expect(view.total).toBe(wantPlaced.length);
      expect(view.cards.map((c) => c.id)).toEqual(wantPlaced.slice(0, view.cards.length));
      expect(view.cards.length).toBe(Math.min(20, wantPlaced.length));

      const res = await handleRest(
        new Request(`http://localhost:3000/api/investments/map?bbox=${BBOX}&zoom=8&${QS}`, { headers: who === "member" ? { cookie: memberCookie } : {} }),
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { total: number; unplaced: number; cards: { _id: number }[] };
      expect([body.total, body.unplaced]).toEqual([view.total, view.unplaced]);
      expect(body.cards.map((c) => c._id)).toEqual(view.cards.map((c) => c.id));
    });
  }

  it("the title and breadcrumb say the conditions in Japanese", async () => {
    state.cookie = "";
    const meta = await listMetadata(1, RAW);
    expect(String(meta.title)).toContain("実質利回り5%以上・積算比70%以上・所有権のみの物件一覧");
    const tree = await InvestmentListPage({ page: 1, raw: RAW });
    const crumbs = elementsOf(tree).find((e) => Array.isArray(e.props.items))?.props.items as { name: string }[];
    expect(crumbs.at(-1)?.name).toBe("実質利回り5%以上・積算比70%以上・所有権のみの物件一覧");
  });
});
