import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { cardIntentHref } from "@/components/investment/card-actions";
import { InvestmentCard, type InvestmentCardData } from "@/components/investment/investment-card";

/** Issue 30: the heart and compare tick are server HTML on the list's cards (issue 31: no client wrapper). */
const card = {
  locked: false,
  id: 42,
  name: "テストレジデンス",
  type_cd: 1,
  type_other: null,
  pref_cd: 27,
  pref_name: "大阪府",
  city_cd: "271276",
  city_name: "大阪市北区",
  price: 12000,
  yield: 7.25,
  net_yield: null,
  leasehold: false,
  deal: [],
  structure_cd: 2,
  structure_other: null,
  land_size: 200,
  building_size: 500,
  occupied_size: null,
  total_units: 12,
  transactions: 1,
  built: { year: 2001, month: 4 },
  station_time: 5,
  line_name: "JR東海道本線",
  station_name: "大阪",
  members: false,
  premium: false,
  price_down: false,
  image: null,
  public_at: new Date("2026-10-01T00:00:00Z"),
} as unknown as InvestmentCardData & { locked: false };
const html = (actions?: Parameters<typeof InvestmentCard>[0]["actions"]) => renderToStaticMarkup(createElement(InvestmentCard, { card, actions }));

describe("card heart and compare tick", () => {
  it("a visitor's are links to the login that keep the listing and the intent", () => {
    expect(cardIntentHref(42, "bookmark")).toBe("/login?next=%2Finvestments%2F42&bookmark=42");
    const out = html({ kind: "guest" });
    expect(out).toContain(`href="/login?next=%2Finvestments%2F42&amp;bookmark=42"`);
    expect(out).toContain(`href="/login?next=%2Finvestments%2F42&amp;compare=42"`);
    expect(out).not.toContain("<button");
  });

  it("a member's are buttons carrying the listing and the bookmark state from the server", () => {
    const saved = html({ kind: "member", bookmarked: new Set([42]) });
    expect(saved).toMatch(/<button type="button"[^>]*aria-pressed="true"[^>]*data-card-action="bookmark" data-investment-id="42"/);
    expect(saved).toMatch(/<button type="button"[^>]*aria-pressed="false"[^>]*data-card-action="compare" data-investment-id="42"/);
    expect(html({ kind: "member", bookmarked: new Set() })).toMatch(/aria-pressed="false"[^>]*data-card-action="bookmark"/);
  });

  it("take a fixed 32 px each (size-8), so nothing moves when the island runs; one pair per card for both layouts", () => {
    const out = html({ kind: "member", bookmarked: new Set() });
    const controls = out.match(/<button[^>]*data-card-action[^>]*>/g) ?? [];
    // One copy serves the phone's corner and the picture's (issue 31: two copies were 2.6 KB a card, twice over).
    expect(out.match(/data-slot="card-actions"/g)?.length).toBe(1);
    expect(controls.length).toBe(2);
    for (const c of controls) expect(c).toMatch(/class="card-action /);
    // The size lives in the component class (globals.css).
    const css = readFileSync(path.resolve(import.meta.dirname, "../../../src/app/globals.css"), "utf8");
    expect(/\.card-action \{\s*@apply [^;]*\bsize-8\b/.test(css)).toBe(true);
  });

  it("are not drawn where the caller gives none (home, related listings)", () => {
    expect(html()).not.toContain("data-card-action");
  });
});
