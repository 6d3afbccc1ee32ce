import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toFields, toInput } from "@/components/investment/cash-flow-simulator/fields";
import { RentRollAndRepairs } from "@/components/investment/investment-detail/economics";
import type { RentRollRow } from "@/lib/economics";
import { defaultInput, simulate } from "@/lib/simulator";
import { investments } from "@/server/db/schema";
import { getInvestmentDetail } from "@/server/investments";
import { compareBookmarks } from "@/server/members";
import { economicsInputOf, listingEconomicsDto, loadCandidates, loadCards, mediansFor } from "@/server/listings";
import { investmentDetailDto } from "@/schemas/investment";
import { NOW, seededDb, VISIBLE, type Seeded } from "../investments-pages/setup";

let t: Seeded;
beforeAll(async () => {
  t = await seededDb();
});
afterAll(() => t?.cleanup());

/** The simulator as the detail page opens it: the page's props through the island's own field round trip. */
function untouchedSimulator(listing: Parameters<typeof defaultInput>[0]) {
  const base = defaultInput(listing, NOW);
  return simulate(toInput(toFields(base), base.cap, base));
}

describe("one 実質利回り and NOI on every seeded listing (issue 35)", () => {
  it("the untouched simulator shows exactly the detail summary's 実質利回り and NOI, listing by listing", async () => {
    const ids = (await t.db.select({ id: investments.id }).from(investments).all()).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(50);
    let withNoi = 0;
    for (const id of ids) {
      // "admin": every seeded listing, published or not, through the detail's own function
      const d = await getInvestmentDetail(t.db, "admin", id, { now: NOW });
      if (!d || d.locked) throw new Error(`listing ${id} has no detail`);
      const sim = untouchedSimulator(d.simulator);
      const f = d.economics.figures;
      expect({ id, net: sim.netYield, noi: sim.noi === null ? null : Math.round(sim.noi) }).toEqual({ id, net: f.net_yield, noi: f.noi });
      if (f.noi !== null) withNoi++;
    }
    // most listings have what a NOI needs; the rest show "—" on both
    expect(withNoi).toBeGreaterThan(ids.length / 2);
  });

  it("a 地代 that exceeds the rent: negative NOI, 実質利回り, deal-check drag and simulator cash flow", async () => {
    const rows = await t.db.select().from(investments).all();
    const ground = rows.find((r) => (r.land_rights?.fee ?? 0) * 12 > (r.income?.year ?? (r.income?.month ?? 0) * 12) && (r.income?.year || r.income?.month));
    expect(ground, "the seed has a 借地 whose 地代 exceeds its rent (/investments/320)").toBeDefined();
    const d = await getInvestmentDetail(t.db, "admin", ground!.id, { now: NOW });
    if (!d || d.locked) throw new Error("no detail");
    const f = d.economics.figures;
    expect(f.leasehold).toBe(true);
    expect(f.noi!).toBeLessThan(0);
    expect(f.net_yield!).toBeLessThan(0);
    // the 地代 is the listing's own figure, never a rate
    expect(f.costs.find((c) => c.key === "ground_rent")).toMatchObject({ source: "listing", amount: ground!.land_rights!.fee! * 12 });
    expect(d.economics.deal_check.rows.find((r) => r.key === "fixed_costs")?.level).toBe("poor");
    expect(d.economics.deal_check.rows.find((r) => r.key === "leasehold")).toBeDefined();
    const sim = untouchedSimulator(d.simulator);
    expect(sim.monthlyCashFlow!).toBeLessThan(0);
    expect(sim.netYield).toBe(f.net_yield);
    // the card says the same
    const [card] = await loadCards(t.db, [ground!.id], NOW, "member");
    expect(card!.net_yield).toBe(f.net_yield);
    expect(card!.leasehold).toBe(true);
  });

  it("card, detail, compare and REST body carry the same figures for one listing", async () => {
    const row = (await t.db.select().from(investments).where(VISIBLE.visitor).all()).find((r) => r.type_cd === 1 && r.income?.year);
    expect(row).toBeDefined();
    const d = await getInvestmentDetail(t.db, "member", row!.id, { now: NOW });
    if (!d || d.locked) throw new Error("no detail");
    const [card] = await loadCards(t.db, [row!.id], NOW, "member");
    expect(card!.net_yield).toBe(d.economics.figures.net_yield);
    expect(card!.net_yield).not.toBeNull();
    // the REST body's schema over the detail as JSON (dates as ISO strings), as the adapter sends it
    const rest = investmentDetailDto.parse(JSON.parse(JSON.stringify({ ...d, _id: d.id, price_history: [], related: [] })));
    expect(rest.economics.figures).toEqual(d.economics.figures);
    // a member's compare of two bookmarks
    const other = (await t.db.select().from(investments).where(VISIBLE.visitor).all()).find((r) => r.id !== row!.id)!;
    const { bookmarks } = await import("@/server/db/schema");
    await t.db
      .insert(bookmarks)
      .values([
        { user_id: t.memberId, investment_id: row!.id, price_at_bookmark: row!.price },
        { user_id: t.memberId, investment_id: other.id, price_at_bookmark: other.price },
      ])
      .onConflictDoNothing();
    const compared = await compareBookmarks(t.db, t.memberId, [row!.id, other.id]);
    const mine = compared.find((c) => c.id === row!.id)!;
    expect(mine.figures.net_yield).toBe(d.economics.figures.net_yield);
    expect(mine.figures.noi).toBe(d.economics.figures.noi);
    expect(mine.figures.remaining_life).toBe(d.economics.figures.remaining_life);
  });
});

describe("the candidates are read in chunks (a libSQL server's response limit)", () => {
  it("any chunk size gives the same candidates, rent-roll incomes included, as one read", async () => {
    for (const audience of ["visitor", "member"] as const) {
      const whole = await loadCandidates(t.db, audience, NOW, 1_000_000);
      expect(whole.length).toBeGreaterThan(50);
      for (const chunk of [1, 7, 50, whole.length, whole.length - 1])
        expect(await loadCandidates(t.db, audience, NOW, chunk), `${audience} ${chunk}`).toEqual(whole);
    }
  });
});

describe("members-only data never reaches a visitor", () => {
  it("a visitor's medians use public listings only", async () => {
    const visitor = await loadCandidates(t.db, "visitor", NOW);
    const member = await loadCandidates(t.db, "member", NOW);
    const membersOnly = new Set((await t.db.select({ id: investments.id }).from(investments).where(eq(investments.members, true)).all()).map((r) => r.id));
    expect(membersOnly.size).toBeGreaterThan(0);
    expect(visitor.some((c) => membersOnly.has(c.id))).toBe(false);
    expect(member.some((c) => membersOnly.has(c.id))).toBe(true);
    const publicCount = (await t.db.select({ id: investments.id }).from(investments).where(VISIBLE.visitor).all()).length;
    expect(visitor).toHaveLength(publicCount);
    // the detail's medians for a visitor: n counts only public similar listings
    const subject = (await t.db.select().from(investments).where(VISIBLE.visitor).all()).find((r) => r.type_cd === 1)!;
    const d = await getInvestmentDetail(t.db, "visitor", subject.id, { now: NOW });
    if (!d || d.locked) throw new Error("no detail");
    const input = economicsInputOf(subject);
    expect(d.economics.deal_check.medians?.n).toBe(mediansFor(subject, input, visitor, NOW).n);
  });

  it("rent-roll and 修繕履歴 rows: members get them, a visitor only their totals (API and HTML)", () => {
    const roll: RentRollRow[] = [
      { room: "101号室", layout: "1K", area: 25, rent: 60_000, commonFee: 5_000, deposit: 60_000, status: "occupied", leaseStart: "2024-04" },
      { room: "102号室", layout: "1K", area: 25, rent: 58_000, commonFee: 5_000, deposit: null, status: "vacant", leaseStart: null },
    ];
    const input = {
      type_cd: 2,
      price: 5000,
      income: { year: 1_512_000 },
      rent_roll: roll,
      repair_history: [{ yearMonth: "2021-06", description: "外壁塗装", cost: 3_200_000 }],
    };
    const visitor = listingEconomicsDto(input, null, "visitor", NOW).dto;
    const member = listingEconomicsDto(input, null, "member", NOW).dto;
    // 現況年収 = (60,000 + 5,000) × 12 = 780,000 (入居中 only)
    expect(visitor.rent_roll).toEqual({ units: 2, vacant_units: 1, current_income: 780_000, rows: null });
    expect(visitor.repair_history).toEqual({ count: 1, total_cost: 3_200_000, rows: null });
    expect(member.rent_roll!.rows).toHaveLength(2);
    expect(member.repair_history!.rows![0]).toEqual({ year_month: "2021-06", description: "外壁塗装", cost: 3_200_000 });
    expect(JSON.stringify(visitor)).not.toContain("101号室");
    const html = (dto: typeof visitor) => renderToStaticMarkup(createElement(RentRollAndRepairs, { economics: dto }));
    expect(html(visitor)).not.toContain("101号室");
    expect(html(visitor)).not.toContain("外壁塗装");
    expect(html(visitor)).toContain("無料会員登録");
    expect(html(visitor)).toContain('現況年収 <span class="tabular font-bold">78万円</span>');
    expect(html(member)).toContain("101号室");
    expect(html(member)).toContain("外壁塗装");
  });
});
