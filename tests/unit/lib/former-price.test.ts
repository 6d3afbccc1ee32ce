import { describe, expect, it } from "vitest";
import { addMonths, formerPriceDisplay, formerPriceText, qualifyingCut, storedFormerPrice, type PriceChangeLike } from "@/lib/former-price";

/** An instant at 10:00 Japan time on the given day. */
const jst = (day: string, hour = 10) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00+09:00`);
const cut = (day: string, from: number, to: number): PriceChangeLike => ({ price: to, price_before: from, changed_at: jst(day) });

describe("formerPriceDisplay (規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示))", () => {
  const publicAt = jst("2026-05-01");

  it("offered 5 months, cut 1 month ago: the former price with its 公表日, last day and the 値下げ日", () => {
    const f = formerPriceDisplay({ history: [cut("2026-10-01", 6280, 5980)], publicAt, currentPrice: 5980 }, jst("2026-11-01"));
    expect(f).toEqual({ formerPrice: 6280, formerSince: "2026-05-01", formerUntil: "2026-09-30", cutAt: "2026-10-01" });
    expect(formerPriceText(f!)).toBe("値下げ前価格 6,280万円（2026年5月1日〜2026年9月30日）／2026年10月1日 価格変更");
  });

  it("exactly two months offered qualifies; 59 days does not; 38 days does not", () => {
    expect(formerPriceDisplay({ history: [cut("2026-07-01", 6280, 5980)], publicAt, currentPrice: 5980 }, jst("2026-07-02"))?.formerPrice).toBe(6280);
    expect(formerPriceDisplay({ history: [cut("2026-06-29", 6280, 5980)], publicAt, currentPrice: 5980 }, jst("2026-07-02"))).toBeNull();
    expect(formerPriceDisplay({ history: [cut("2026-06-08", 28800, 26800)], publicAt, currentPrice: 26800 }, jst("2026-06-09"))).toBeNull();
  });

  it("two months counts in Japan time: a cut at 00:30 JST on 7/1 of a price published 5/1 qualifies, one at 23:30 JST on 6/30 does not", () => {
    const at = (iso: string): PriceChangeLike => ({ price: 5980, price_before: 6280, changed_at: new Date(iso) });
    expect(formerPriceDisplay({ history: [at("2026-06-30T15:30:00Z")], publicAt, currentPrice: 5980 }, jst("2026-07-02"))).not.toBeNull();
    expect(formerPriceDisplay({ history: [at("2026-06-30T14:30:00Z")], publicAt, currentPrice: 5980 }, jst("2026-07-02"))).toBeNull();
  });

  it("shown until the day before cut day + 6 months; exactly six months later and after it, not", () => {
    const input = { history: [cut("2026-10-01", 6280, 5980)], publicAt, currentPrice: 5980 };
    expect(formerPriceDisplay(input, jst("2027-03-31", 23))).not.toBeNull();
    expect(formerPriceDisplay(input, jst("2027-04-01", 0))).toBeNull();
    expect(formerPriceDisplay(input, jst("2027-05-01"))).toBeNull();
  });

  it("two cuts within two months: the second's former price was offered one month, so none is shown", () => {
    const history = [cut("2026-08-01", 7000, 6500), cut("2026-09-01", 6500, 6200)];
    expect(formerPriceDisplay({ history, publicAt, currentPrice: 6200 }, jst("2026-09-02"))).toBeNull();
    // and only the immediately-before price, never the older one, even when the second cut qualifies
    const later = [cut("2026-08-01", 7000, 6500), cut("2026-10-01", 6500, 6200)];
    expect(formerPriceDisplay({ history: later, publicAt, currentPrice: 6200 }, jst("2026-10-02"))).toEqual({
      formerPrice: 6500,
      formerSince: "2026-08-01",
      formerUntil: "2026-09-30",
      cutAt: "2026-10-01",
    });
  });

  it("a rise resets: nothing is shown after a rise, and a later cut counts from the rise", () => {
    const rise = { price: 7200, price_before: 7000, changed_at: jst("2026-08-01") };
    expect(formerPriceDisplay({ history: [rise], publicAt, currentPrice: 7200 }, jst("2026-08-02"))).toBeNull();
    expect(formerPriceDisplay({ history: [rise, cut("2026-09-15", 7200, 6900)], publicAt, currentPrice: 6900 }, jst("2026-09-16"))).toBeNull();
    expect(formerPriceDisplay({ history: [rise, cut("2026-10-01", 7200, 6900)], publicAt, currentPrice: 6900 }, jst("2026-10-02"))?.formerSince).toBe(
      "2026-08-01",
    );
  });

  it("the 公表日 is never before the first publication; an unpublished listing has none", () => {
    const history = [{ price: 7000, price_before: 7500, changed_at: jst("2026-03-01") }, cut("2026-06-15", 7000, 6500)];
    // changed on 3/1 before publication on 5/1: offered from 5/1 only, 45 days before the cut
    expect(formerPriceDisplay({ history, publicAt, currentPrice: 6500 }, jst("2026-06-16"))).toBeNull();
    expect(formerPriceDisplay({ history: [cut("2026-10-01", 6280, 5980)], publicAt: null, currentPrice: 5980 }, jst("2026-10-02"))).toBeNull();
  });

  it("a history that does not end in the current price shows nothing", () => {
    expect(formerPriceDisplay({ history: [cut("2026-10-01", 6280, 5980)], publicAt, currentPrice: 5800 }, jst("2026-10-02"))).toBeNull();
    expect(formerPriceDisplay({ history: [], publicAt, currentPrice: 5800 }, jst("2026-10-02"))).toBeNull();
  });
});

describe("storedFormerPrice", () => {
  const q = qualifyingCut({ history: [cut("2026-10-01", 6280, 5980)], publicAt: jst("2026-05-01"), currentPrice: 5980 })!;
  const row = { price: 5980, price_down: true, price_before: 6280, price_before_since: q.sinceAt, price_down_at: q.cutAtInstant };

  it("gives what formerPriceDisplay gives, with the six-month window applied at `now`", () => {
    expect(storedFormerPrice(row, jst("2026-11-01"))).toEqual({ formerPrice: 6280, formerSince: "2026-05-01", formerUntil: "2026-09-30", cutAt: "2026-10-01" });
    expect(storedFormerPrice(row, jst("2027-05-01"))).toBeNull();
  });

  it("refuses a row that does not meet the rule (no 公表日, too short, not a cut)", () => {
    expect(storedFormerPrice({ ...row, price_before_since: null }, jst("2026-11-01"))).toBeNull();
    expect(storedFormerPrice({ ...row, price_before_since: jst("2026-08-24") }, jst("2026-11-01"))).toBeNull();
    expect(storedFormerPrice({ ...row, price: 6300 }, jst("2026-11-01"))).toBeNull();
    expect(storedFormerPrice({ ...row, price_down: false }, jst("2026-11-01"))).toBeNull();
  });
});

describe("addMonths", () => {
  it("clamps to the end of a shorter month", () => {
    expect(addMonths("2026-12-31", 2)).toBe("2027-02-28");
    expect(addMonths("2027-12-31", 2)).toBe("2028-02-29");
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
  });
});
