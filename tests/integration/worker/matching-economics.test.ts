import { eq, inArray } from "drizzle-orm";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { investmentForm } from "@/schemas/admin/investment";
import { investments, loan_terms, matchings, outbox } from "@/server/db/schema";
import { saveInvestment } from "@/server/investments";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { resetEconomicsCachesForTests } from "@/server/listings";
import type { ReceivedMail } from "../../helpers/smtp-sink";
import { createAdmin } from "../../helpers/factories";
import { validForm } from "../admin/helpers";
import { createMember, DAY, insertListing, sleep, useWorkerSuite, waitFor } from "./helpers";

/**
 * Issue 33 done-when, through the real parts: a member's saved condition ny=6&sk=80 (実質利回り 6 % and
 * 積算比 80 % or more), staff cut a listing's price in the editor (saveInvestment: derived columns, price
 * history, the outbox row), the relay hands matchInvestment to BullMQ on Redis, the worker's matching
 * processor matches with the search's predicate, the notify job renders the mail and it reaches the SMTP
 * sink. The mail carries the figures from the economics model at the new price, the same figures at the
 * former price, the member-audience medians and, for the member with saved loan terms, the 月間CF change.
 *
 * The listing (RC, 築10年, 延床400㎡, 土地200.5㎡, 路線価10万円/㎡, 想定月収60万円), by hand from
 * src/lib/economics.ts (一棟マンション: 管理委託5%・修繕5% of income, 固都税0.8%・保険0.1% of price):
 *   12,000万円: 表面 6.00%, 実質 (7,200,000 − 1,800,000) ÷ 120,000,000 = 4.50%, 積算比 67% → fails both keys
 *    9,000万円: 表面 8.00%, 実質 (7,200,000 − 1,530,000) ÷  90,000,000 = 6.30%, 積算比 90% → passes
 * 月間CF (頭金10%, 金利2%, 30年, 諸費用7%): NOI/12 − 返済 = 450,000 − 399,189 = +5.1万円 at 12,000万円,
 *   472,500 − 299,392 = +17.3万円 at 9,000万円: 値下げで +12.2万円.
 * Three similar listings (same type, city and 築年帯; 表面 6/7/8 %, so 実質 4.5/5.4/6.3 %) make the
 * medians 7.00 % and 5.40 %.
 */
const s = useWorkerSuite();

const THIS_YEAR = new Date().getFullYear();
const BUILT = { year: String(THIS_YEAR - 10), month: "4" };
const NY_SK = { ny: 6, sk: 80 };

function form(over: Record<string, unknown>) {
  return investmentForm.parse(
    validForm({
      income: { month: "600000", year: "" },
      built: BUILT,
      building_size: "400",
      land_size: "200.5",
      road_price: "100000",
      road_price_year: String(THIS_YEAR),
      ...over,
    } as Parameters<typeof validForm>[0]),
  );
}

/** Every matchInvestment queued so far has been relayed to BullMQ and run by the worker. */
async function matchingsSettled(): Promise<void> {
  await waitFor(
    async () => {
      const rows = await s.db.select().from(outbox).where(eq(outbox.job, "matchInvestment")).all();
      for (const r of rows) {
        if (!r.relayed_at) return false;
        const job = await s.runtime.queues.matching.getJob(r.job_id);
        if (!job || !(await job.isCompleted())) return false;
      }
      return rows.length > 0;
    },
    20_000,
    "the publications matched",
  );
}

/** The real mail as a phone mail app shows it (390 px) and on a desktop (1280 px): screenshots, and no sideways scrolling. */
async function screenshot(mail: ReceivedMail, name: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      await page.setContent(mail.html, { waitUntil: "load" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `tests/artifacts/mail33-${name}-${width}.png`, fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

describe("matching mail with the deal's numbers (issue 33)", () => {
  it("a saved ny=6&sk=80 condition is mailed once when staff cut a price into range, with the figures, the deltas and the member's 月間CF change; a cut that stays out of range mails nothing", async () => {
    const admin = await createAdmin(s.db);
    for (const y of [6, 7, 8]) {
      await insertListing(s.db, { name: `類似レジデンス${y}`, yield: y, built: { year: THIS_YEAR - 10, month: 4 }, city_cd: "271276" });
    }
    const withTerms = await createMember(s.db, { queries: [NY_SK], tag: "terms" });
    await s.db.insert(loan_terms).values({ user_id: withTerms.id, down_payment_pct: 10, interest_pct: 2, years: 30, purchase_cost_pct: 7 });
    const noTerms = await createMember(s.db, { queries: [NY_SK], tag: "noterms" });
    // a daily member with other terms (自己資金 3,000万円, 1.5 %, 25 years): the 8:00 digest reads every member's terms at once
    const daily = await createMember(s.db, { setting: "daily", queries: [NY_SK], tag: "daily" });
    await s.db.insert(loan_terms).values({ user_id: daily.id, own_funds: 30_000_000, interest_pct: 1.5, years: 25, purchase_cost_pct: 7 });
    const mark = s.sink.mark();

    // Published at 12,000万円: neither key passes, so the publication tells nobody.
    const passing = (await saveInvestment(s.db, admin.id, null, form({ name: "値下げで基準内レジデンス", price: "12000" }))).id;
    const staysOut = (await saveInvestment(s.db, admin.id, null, form({ name: "値下げ後も基準外ハイツ", type_cd: "2", price: "12000" }))).id;
    // On sale for five months already, so the cut's former price may be shown (表示規約: offered two months or more).
    await s.db
      .update(investments)
      .set({ public_at: new Date(Date.now() - 150 * DAY) })
      .where(inArray(investments.id, [passing, staysOut]));
    expect(await s.db.select({ ny: investments.net_yield, sk: investments.sekisan_ratio }).from(investments).where(eq(investments.id, passing)).get()).toEqual({
      ny: 4.5,
      sk: expect.closeTo(67, -1),
    });
    // The worker has matched both publications (at 12,000万円, before the cut): nobody was told.
    await matchingsSettled();
    expect(
      await s.db
        .select()
        .from(matchings)
        .where(inArray(matchings.investment_id, [passing, staysOut]))
        .all(),
    ).toEqual([]);
    resetEconomicsCachesForTests();

    // Staff cut both prices in the editor: 9,000万円 passes (実質 6.30 %, 積算比 90 %); the other, at 11,000万円, does not.
    const cut = await saveInvestment(s.db, admin.id, passing, form({ name: "値下げで基準内レジデンス", price: "9000" }));
    expect(cut).toMatchObject({ priceCut: true, formerPriceShown: true });
    expect((await saveInvestment(s.db, admin.id, staysOut, form({ name: "値下げ後も基準外ハイツ", type_cd: "2", price: "11000" }))).priceCut).toBe(true);

    const mail = await s.sink.waitFor((m) => m.to.includes(withTerms.email), 20_000, mark);
    expect(mail.subject).toContain("検索条件に合う物件が見つかりました（1件）");
    for (const line of [
      "■【値下げ】値下げで基準内レジデンス",
      "価格：9,000万円",
      "値下げ前価格 1億2,000万円",
      "表面利回り※：6.00% → 8.00%（類似物件の中央値 7.00%より +1.00pt）",
      "実質利回り（概算）※：4.50% → 6.30%（類似物件の中央値 5.40%より +0.90pt）",
      "積算比：67% → 90%",
      "値下げで月間CF +12.2万円（+5.1万円 → +17.3万円・ご登録の融資条件）",
      "検索条件：条件1",
    ]) {
      expect(mail.text).toContain(line);
      // the HTML part says the same (its lines are the text's, escaped)
      expect(mail.html).toContain(line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));
    }
    expect(mail.text).not.toContain("値下げ後も基準外ハイツ");

    // The member without loan terms gets the same figures and no 月間CF line (no terms, no guess).
    const plain = await s.sink.waitFor((m) => m.to.includes(noTerms.email), 20_000, mark);
    expect(plain.text).toContain("実質利回り（概算）※：4.50% → 6.30%（類似物件の中央値 5.40%より +0.90pt）");
    expect(plain.text).toContain("積算比：67% → 90%");
    expect(plain.text).not.toContain("月間CF");
    expect(plain.html).not.toContain("月間CF");

    // Past the collection window: one mail each, and the listing that stayed out of range matched nobody.
    await sleep(2500);
    expect(s.sink.to(withTerms.email)).toHaveLength(1);
    expect(s.sink.to(noTerms.email)).toHaveLength(1);
    expect(await s.db.select().from(matchings).where(eq(matchings.investment_id, staysOut)).all()).toEqual([]);
    expect(
      (await s.db.select().from(matchings).where(eq(matchings.investment_id, passing)).all()).map((r) => [r.user_id, r.reason, r.price, r.price_before]).sort(),
    ).toEqual(
      [
        [withTerms.id, "price_down", 9000, 12000],
        [noTerms.id, "price_down", 9000, 12000],
        [daily.id, "price_down", 9000, 12000],
      ].sort(),
    );

    // The digest: the daily member's own terms, not the instant member's.
    const digestMark = s.sink.mark();
    await s.runtime.queues.matching.add("matchingDigest", { reason: "test" }, { ...jobOptions("matchingDigest"), jobId: jobIdFor("matchingDigest", "mail33") });
    const digest = await s.sink.waitFor((m) => m.to.includes(daily.email), 20_000, digestMark);
    expect(digest.subject).toContain("本日のマッチング物件");
    expect(digest.text).toContain("実質利回り（概算）※：4.50% → 6.30%（類似物件の中央値 5.40%より +0.90pt）");
    // 借入 = 価格 × 1.07 − 3,000万円: 98,400,000 → 66,300,000 円; the model gives 56,463 → 207,342 円/月
    expect(digest.text).toContain("値下げで月間CF +15.1万円（+5.6万円 → +20.7万円・ご登録の融資条件）");
    expect(s.sink.to(daily.email)).toHaveLength(1);

    await screenshot(mail, "pricecut");
  });
});
