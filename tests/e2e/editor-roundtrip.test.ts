import path from "node:path";
import { asc, sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb, type Db } from "@/server/db";
import { investments } from "@/server/db/schema";
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
