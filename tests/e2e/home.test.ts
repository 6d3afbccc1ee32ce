import path from "node:path";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { enqueue } from "@/server/jobs/outbox";
import { investments, users } from "@/server/db/schema";
import { artifactsDir, launchBrowser, viewports } from "./browser";

const base = inject("baseURL");
let browser: Browser;
let expected: { members: number; membersOnly: number; public: number };

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await openDb(inject("databaseURL"));
  const live = and(eq(investments.public, true), isNull(investments.not_updated_at));
  const n = async (q: Promise<{ n: number } | undefined>) => (await q)?.n ?? 0;
  expected = {
    members: await n(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.status, "active"), isNull(users.deleted_at)))
        .get(),
    ),
    membersOnly: await n(
      db
        .select({ n: count() })
        .from(investments)
        .where(and(live, eq(investments.members, true)))
        .get(),
    ),
    public: await n(
      db
        .select({ n: count() })
        .from(investments)
        .where(and(live, eq(investments.members, false)))
        .get(),
    ),
  };
  // The header shows the counts the worker stores (refreshSiteCounts, queued by every product path
  // that adds or removes a member or a listing). Earlier files add members straight into the database
  // (tests/helpers/factories.ts), which queues nothing: queue the refresh the product would have, and
  // the page must come to show the database's counts through the real path (outbox → worker →
  // announcement → the visitor's cached page dropped).
  await enqueue(db, "refreshSiteCounts", { reason: "e2e home" }, `e2e-home-${Date.now()}`);
  db.$client.close();
});
afterAll(async () => {
  await browser?.close();
});

const digits = (s: string) => Number(s.replace(/[^\d]/g, ""));

describe("home page with the site chrome", () => {
  for (const [name, viewport] of Object.entries(viewports)) {
    it(`renders the chrome and the seeded counts (${name})`, async () => {
      const page = await browser.newPage({ viewport, locale: "ja-JP" });
      const res = await page.goto(base + "/", { waitUntil: "load" });
      expect(res?.status()).toBe(200);
      expect(await page.title()).toContain("のことなら");
      expect(await page.getAttribute("html", "lang")).toBe("ja");
      // The seed made a realistic site: hundreds of public listings and some members-only ones.
      expect(expected.public).toBeGreaterThan(200);
      expect(expected.membersOnly).toBeGreaterThan(10);
      const count = async (key: string) => digits(await page.locator(`[data-count="${key}"]:visible dd span`).first().innerText());
      const shown = async () => ({ members: await count("members"), membersOnly: await count("investment-members"), public: await count("investment-public") });
      await expect
        .poll(async () => {
          const now = await shown();
          if (now.members !== expected.members || now.membersOnly !== expected.membersOnly || now.public !== expected.public)
            await page.reload({ waitUntil: "load" });
          return now;
        })
        .toEqual(expected);
      if (name === "desktop") {
        await expect.poll(() => page.locator("header").getByPlaceholder("物件ワード検索").isVisible()).toBe(true);
      }
      await expect.poll(() => page.locator("footer").innerText()).toContain("宅地建物取引業");
      await expect.poll(() => page.getByText("新着物件").first().isVisible()).toBe(true);
      await page.screenshot({ path: path.join(artifactsDir, `home-${name}.png`), fullPage: true });
      await page.close();
    });
  }

  it("a keyword from the header goes to the list with fw, an empty one to the plain list", async () => {
    const page = await browser.newPage({ viewport: viewports.desktop, locale: "ja-JP" });
    await page.goto(base + "/");
    const box = page.locator("header").getByPlaceholder("物件ワード検索");
    await box.fill("天王寺");
    await box.press("Enter");
    await page.waitForURL(/\/investments\/page\/1\/?\?fw=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("fw") ?? "")).toBe("天王寺");
    await page.goto(base + "/");
    await page.locator("header").getByPlaceholder("物件ワード検索").press("Enter");
    await page.waitForURL((u) => u.pathname.replace(/\/$/, "") === "/investments" && u.search === "");
    await page.close();
    // Without JavaScript (or before hydration) the form submits natively: the server sends an empty keyword to the plain list.
    for (const q of ["?fw=", "?fw=%20&ty="]) {
      const res = await fetch(base + "/investments/page/1" + q, { redirect: "manual" });
      expect(res.status, q).toBe(307);
      expect(new URL(res.headers.get("location") ?? "", base).pathname, q).toBe("/investments");
    }
    expect((await fetch(base + "/investments/page/1?fw=%E6%A2%85%E7%94%B0", { redirect: "manual" })).status).toBe(200);
  });

  it("the side menu shows login and sign-up to a guest", async () => {
    const page = await browser.newPage({ viewport: viewports.phone, locale: "ja-JP" });
    await page.goto(base + "/");
    await page.getByRole("button", { name: /メニュー/ }).click();
    const menu = page.getByRole("dialog");
    await expect.poll(() => menu.getByRole("link", { name: "ログイン" }).isVisible()).toBe(true);
    expect(await menu.getByRole("link", { name: /無料会員登録/ }).isVisible()).toBe(true);
    expect(await menu.getByRole("button", { name: "ログアウト" }).count()).toBe(0);
    await page.close();
  });
});
