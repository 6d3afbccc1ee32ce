import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import iconv from "iconv-lite";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investmentForm } from "@/schemas/admin/investment";
import { investment_rent_rolls, investments } from "@/server/db/schema";
import { saveInvestment } from "@/server/investments";
import { getInvestmentForEdit } from "@/server/investments/editor/load";
import { artifactsDir, launchBrowser, viewports, ADMIN_BASE, logIn } from "./browser";

/**
 * Issue 15 items 2 and 3 in a browser: staff open a seeded listing of every
 * type, every stored value shows in its control (the dependent selects
 * 市区町村 / 路線 / 駅 included), 保存する succeeds unchanged, and after a
 * reload every control still shows the same value.
 */
const base = inject("baseURL");
const ADMIN = ADMIN_BASE;
let browser: Browser;
let db: Db;
beforeAll(async () => {
  browser = await launchBrowser();
  db = await openDb(inject("databaseURL"));
});
afterAll(async () => {
  await browser?.close();
  db?.$client.close();
});

const login = (page: Page) => logIn(page, base, "admin");

/** The stored editor values as control name → shown value ("true"/"false" for checkboxes), skipping what has no control of its own. */
function flatten(v: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      if (prefix === "" && k === "images") continue; // photos: their own widget, not named inputs
      if (k === "operator") continue; // the operator select is derived from the line
      for (const [kk, xx] of flatten(x, prefix ? `${prefix}.${k}` : k)) out.set(kk, xx);
    }
  } else out.set(prefix, v === null || v === undefined ? "" : String(v));
  return out;
}

/** What the form's named controls show: a select's value is "" while its stored option is missing. */
async function shown(page: Page): Promise<Map<string, string>> {
  const pairs = await page.locator("form[aria-busy] [name]").evaluateAll((els) =>
    els.map((e) => {
      const el = e as HTMLInputElement;
      return [el.name, el.type === "checkbox" ? String(el.checked) : el.value] as [string, string];
    }),
  );
  return new Map(pairs);
}

describe("the admin editor round-trips every seeded listing type", () => {
  it("open, every field shows its stored value, save unchanged, reopen: still every value", async () => {
    const types = await db
      .select({ type_cd: investments.type_cd, id: sql<number>`min(${investments.id})` })
      .from(investments)
      .groupBy(investments.type_cd)
      .orderBy(asc(investments.type_cd))
      .all();
    expect(types.map((t) => t.type_cd)).toEqual([1, 2, 3, 4, 5, 6, 99]);
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });
    await login(page);
    for (const { id, type_cd } of types) {
      const { values } = await getInvestmentForEdit(db, id);
      const expected = flatten(values);
      const check = async (when: string) => {
        // the dependent selects load their options after the first render
        for (const name of ["city_cd", "transports.0.line_cd", "transports.0.station_cd"]) {
          const want = expected.get(name);
          if (want)
            await expect.poll(() => page.locator(`select[name="${name}"]`).inputValue(), { timeout: 15_000, message: `${when} #${id} ${name}` }).toBe(want);
        }
        const got = await shown(page);
        const missing: string[] = [];
        for (const [name, want] of expected) {
          const have = got.get(name);
          if (have === undefined ? want !== "" && want !== "false" : have !== want)
            missing.push(`${name}: stored ${JSON.stringify(want)}, shown ${JSON.stringify(have)}`);
        }
        expect(missing, `${when} #${id} (type ${type_cd})`).toEqual([]);
      };
      await page.goto(`${base}${ADMIN}/investments/${id}`);
      await check("opened");
      await page.getByRole("button", { name: "保存する" }).click();
      await expect
        .poll(() => page.getByText("保存しました", { exact: true }).isVisible(), { timeout: 15_000, message: `save #${id} (type ${type_cd})` })
        .toBe(true);
      expect(flatten((await getInvestmentForEdit(db, id)).values)).toEqual(expected);
      await page.reload();
      await check("reopened");
      if (type_cd === 1) {
        await page.locator("#sec-place").screenshot({ path: path.join(artifactsDir, "editor-desktop.png") });
        await page.setViewportSize(viewports.phone);
        await page.locator("#sec-place").screenshot({ path: path.join(artifactsDir, "editor-phone.png") });
        await page.setViewportSize(viewports.desktop);
      }
    }
    await page.close();
  });
});

describe("収支・積算 in the editor (issue 35)", () => {
  it("a Shift_JIS rent-roll CSV imported in the browser shows its rows, totals and the 想定年収 warning; saved, it reopens with every row", async () => {
    // A seeded 一棟マンション with a stated income (the CSV's total differs from it on purpose).
    const [target] = await db
      .select({ id: investments.id })
      .from(investments)
      .where(sql`${investments.type_cd} = 1 AND json_extract(${investments.income}, '$.year') IS NOT NULL`)
      .orderBy(asc(investments.id))
      .limit(1)
      .all();
    const id = target!.id;
    const original = (await getInvestmentForEdit(db, id)).values;
    const csv =
      '号室,間取り,面積,賃料,共益費,敷金,状態,契約開始\r\n101,1K,24.5,"58,000",3000,58000,入居中,2022/4\r\n102,1K,24.5,58000,3000,0,募集中,\r\n201,1LDK,40.1,79000,3000,79000,入居中,2024-10-01\r\n';
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });
    try {
      await login(page);
      await page.goto(`${base}${ADMIN}/investments/${id}`);
      const section = page.locator("#sec-economics");
      await section.scrollIntoViewIfNeeded();
      await page.getByLabel("レントロールのCSVファイル").setInputFiles({ name: "rentroll.csv", mimeType: "text/csv", buffer: iconv.encode(csv, "Shift_JIS") });
      await expect.poll(() => section.getByText("3戸を読み込みました（Shift_JIS）").isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => page.locator('[name="rent_roll.2.rent"]').inputValue()).toBe("79000");
      expect(await page.getByTestId("rent-roll-totals").textContent()).toContain("月額合計 204,000円");
      expect(await page.getByTestId("rent-roll-warning").textContent()).toContain("1%を超えて異なります");
      await section.screenshot({ path: path.join(artifactsDir, "editor-economics-desktop.png") });
      await page.setViewportSize(viewports.phone);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: path.join(artifactsDir, "editor-economics-phone.png") });
      await page.setViewportSize(viewports.desktop);

      // A bad CSV: the errors by line, and the imported rows stay as they were.
      await page
        .getByLabel("レントロールのCSVファイル")
        .setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("号室,賃料,状態\n301,,入居中\n", "utf8") });
      await expect.poll(() => section.getByText("2行目: 賃料（円/月）を入力してください").isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.locator('[name="rent_roll.2.rent"]').inputValue()).toBe("79000");

      await page.getByRole("button", { name: "保存する" }).click();
      await expect.poll(() => page.getByText("保存しました", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
      const stored = await db
        .select()
        .from(investment_rent_rolls)
        .where(eq(investment_rent_rolls.investment_id, id))
        .orderBy(asc(investment_rent_rolls.e_sort))
        .all();
      expect(stored.map((r) => [r.room, r.rent, r.common_fee, r.status, r.lease_start])).toEqual([
        ["101", 58000, 3000, "occupied", "2022-04"],
        ["102", 58000, 3000, "advertising", null],
        ["201", 79000, 3000, "occupied", "2024-10-01"],
      ]);
      await page.reload();
      await expect.poll(() => page.locator('[name="rent_roll.0.room"]').inputValue(), { timeout: 15_000 }).toBe("101");
      expect(await page.locator('[name="rent_roll.1.status"]').inputValue()).toBe("advertising");
    } finally {
      await page.close();
      // Put the seeded listing back for the other tests.
      await saveInvestment(db, null, id, investmentForm.parse(original));
    }
  });
});
