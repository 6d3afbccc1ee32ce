import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as SearchSchemas from "@/schemas/search";
import type * as DbModule from "@/server/db";
import type { Db } from "@/server/db";
import { seededDb, type Seeded } from "./setup";

/**
 * Issue 29: a list render parses the search query once. The page parses the URL into a typed
 * query and hands it on (src/trpc/server.ts `listings`); the procedures' raw input is parsed at
 * the network edge only. Every parseSearchParams call anywhere (page, procedures, services) goes
 * through the counted wrapper below, since they all import it from "@/schemas/search".
 */
const state = vi.hoisted(() => ({ db: null as Db | null, parses: 0 }));
vi.mock("@/schemas/search", async (importOriginal) => {
  const real = await importOriginal<typeof SearchSchemas>();
  return {
    ...real,
    parseSearchParams: (...args: Parameters<typeof real.parseSearchParams>) => {
      state.parses += 1;
      return real.parseSearchParams(...args);
    },
  };
});
// The page's server context, as a visitor's request without cookies would build it, over the seeded database.
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("@/server/db", async (importOriginal) => {
  const real = await importOriginal<typeof DbModule>();
  return { ...real, getDb: async () => state.db! };
});

const { InvestmentListPage, listMetadata } = await import("@/app/(site)/investments/_list/list-page");
const { callerFor } = await import("../../helpers/context");

/** Every element's props in the tree a server component returned (its children elements, not rendered further). */
function propsOf(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const n of node) propsOf(n, out);
  else if (node && typeof node === "object" && "props" in node) {
    const props = (node as { props: Record<string, unknown> }).props;
    out.push(props);
    propsOf(props.children, out);
  }
  return out;
}

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
  state.db = t.db;
});
afterAll(() => t?.cleanup());
beforeEach(() => {
  state.parses = 0;
});

describe("one list render", () => {
  const raw = { ty: ["1", "2"], lp: "1000", sr: "price_asc", pp: "50" };

  it("parses the query once and searches with the typed query (no parse behind the page)", async () => {
    const element = await InvestmentListPage({ page: 1, raw });
    expect(element).toBeTruthy();
    expect(state.parses).toBe(1);
  });

  it("finds what the procedures find for the same URL (same cards, same banner count)", async () => {
    const element = await InvestmentListPage({ page: 1, raw });
    expect(state.parses).toBe(1);
    const { caller } = await callerFor(t.db);
    const viaEdge = await caller.public.investments.search({ ...raw, page: "1" });
    const banner = await caller.public.investments.membersOnlyCount({ ...raw, page: "1" });
    // The edge parses its raw input once per call.
    expect(state.parses).toBe(3);
    expect(viaEdge.total).toBeGreaterThan(0);
    expect(viaEdge.pageSize).toBe(50);
    // What the page rendered: the total it printed, and the cards it passed to the grid.
    const props = propsOf(element);
    expect(props.find((p) => "data-total" in p)?.["data-total"]).toBe(viaEdge.total);
    const cards = props.find((p) => Array.isArray(p.cards))?.cards as { id: number }[];
    expect(cards.map((c) => c.id)).toEqual(viaEdge.items.map((c) => c.id));
    expect(banner.total).toBeGreaterThan(0);
    expect(props.find((p) => "data-count" in p)?.["data-count"]).toBe(banner.total);
  });

  it("metadata parses once too (React's request cache shares that parse with the page in Next)", async () => {
    const meta = await listMetadata(1, raw);
    expect(meta.title).toBeTruthy();
    expect(state.parses).toBe(1);
  });
});
