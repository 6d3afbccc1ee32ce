import { and, asc, eq, isNull } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDb } from "@/server/db";
import { investment_images, investments } from "@/server/db/schema";
import { launchBrowser, viewports } from "./browser";

/**
 * Security headers on the running production server (issue 16): pages, REST,
 * tRPC, images, the admin area and the 404; the per-request CSP nonce reaches
 * every script Next writes; nothing names the internal admin/preview folders;
 * and the pages still work in Chromium with no CSP violation.
 */
const base = inject("baseURL");
const ADMIN = "/_kanri-7f3c";
const PREVIEW = "/_preview-7f3c";
let browser: Browser;
let publicId = 0;
let image = "";

beforeAll(async () => {
  browser = await launchBrowser();
  const db = await openDb(inject("databaseURL"));
  const row = await db
    .select({ id: investments.id, name: investment_images.name })
    .from(investments)
    .innerJoin(investment_images, eq(investment_images.investment_id, investments.id))
    .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
    .orderBy(asc(investments.id))
    .get();
  db.$client.close();
  publicId = row?.id ?? 0;
  image = `/api/images/${row?.id}/${row?.name}/thumb`;
});
afterAll(async () => {
  await browser?.close();
});

const nonceIn = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];

describe("security headers (production server)", () => {
  it("every kind of response carries them", async () => {
    const paths = [
      "/",
      "/investments",
      `/investments/${publicId}`,
      "/login",
      "/api/investments",
      "/api/openapi.json",
      "/api/trpc/public.options.get",
      image,
      `${ADMIN}/login`,
      "/no-such-page",
      "/icons.svg",
    ];
    expect(publicId).toBeGreaterThan(0);
    for (const p of paths) {
      const res = await fetch(base + p, { redirect: "manual" });
      await res.arrayBuffer();
      expect(res.status, p).toBeLessThan(500);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, p).toMatch(/frame-ancestors 'none'/);
      expect(csp, p).toMatch(/object-src 'none'/);
      expect(csp, p).toMatch(/(?:base-uri 'none'|default-src 'none')/);
      expect(res.headers.get("x-content-type-options"), p).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), p).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("permissions-policy"), p).toMatch(/camera=\(\)/);
      expect(res.headers.get("x-frame-options"), p).toBe("DENY");
      // APP_URL is plain http here; HSTS is checked in tests/integration/http/security-headers.test.ts.
      expect(res.headers.get("strict-transport-security"), p).toBeNull();
    }
  });

  it("a page's scripts carry this response's nonce, a fresh one per request, which the client cannot choose", async () => {
    const seen = new Set<string>();
    for (const p of ["/", "/investments", `/investments/${publicId}`, "/login", `${ADMIN}/login`, "/no-such-page"]) {
      const res = await fetch(base + p, { headers: { "content-security-policy": "script-src 'nonce-chosenbyclient'" } });
      const html = await res.text();
      const nonce = nonceIn(res.headers.get("content-security-policy"));
      expect(nonce, p).toBeTruthy();
      expect(seen.has(nonce!), p).toBe(false);
      seen.add(nonce!);
      expect(html, p).not.toContain("chosenbyclient");
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "").filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
      expect(scripts.length, p).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs, p).toContain(`nonce="${nonce}"`);
    }
  });

  it("nothing tells an outsider where the admin and preview areas live", async () => {
    const requests: [string, Record<string, string>][] = [
      [PREVIEW, {}],
      [PREVIEW, { rsc: "1" }],
      [`${PREVIEW}/investments/${publicId}`, {}],
      [`${PREVIEW}/investments/${publicId}`, { rsc: "1" }],
      [`${PREVIEW}/blogs/x`, { rsc: "1", "next-router-prefetch": "1" }],
      [ADMIN, {}],
      [ADMIN, { rsc: "1" }],
      [`${ADMIN}/investments`, { rsc: "1" }],
      [`${ADMIN}/login`, {}],
      ["/admin-area", {}],
      ["/preview-area", { rsc: "1" }],
    ];
    for (const [p, headers] of requests) {
      const res = await fetch(base + p, { redirect: "manual", headers });
      await res.arrayBuffer();
      const label = `${p} ${JSON.stringify(headers)}`;
      for (const [name, value] of res.headers) {
        expect(name, label).not.toMatch(/^x-middleware-|^x-nextjs-rewritten/);
        expect(value, `${label} ${name}`).not.toMatch(/admin-area|preview-area/);
      }
    }
    // The preview base path answers a flight request exactly as an unknown path does.
    for (const p of [PREVIEW, `${PREVIEW}/investments/${publicId}`]) {
      const flight = (u: string) => fetch(base + u, { redirect: "manual", headers: { rsc: "1" } });
      const preview = await flight(p);
      const unknown = await flight(p.replace(PREVIEW, "/_no-such-base"));
      expect(preview.status, p).toBe(404);
      expect(preview.status, p).toBe(unknown.status);
      expect(preview.headers.get("content-type"), p).toBe(unknown.headers.get("content-type"));
    }
  });
});

describe("pages work under the policy (Chromium)", () => {
  async function watch(page: Page): Promise<string[]> {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction("__cspViolation", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    return violations;
  }

  it("home, list, detail, login and my page (member), admin editor: no violation, hydrated", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop, locale: "ja-JP" });
    const page = await context.newPage();
    const violations = await watch(page);
    for (const p of ["/", "/investments", `/investments/${publicId}`]) {
      await page.goto(base + p, { waitUntil: "networkidle" });
      // The menu opens (an HTML popover: on the hydrated list and detail and on the home page served without React).
      await page.getByRole("button", { name: "メニューを開く" }).click();
      await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    }
    await page.goto(base + "/login?next=/mypage");
    await page.getByLabel("メールアドレス").fill("member@example.com");
    await page.getByLabel("パスワード").fill("mypage-demo-2026");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(/\/mypage/);
    await page.waitForLoadState("networkidle");
    await page.goto(base + ADMIN + "/login");
    await page.getByLabel("メールアドレス").fill("admin@example.com");
    await page.getByLabel("パスワード").fill("kanri-demo-2026");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(new RegExp(`${ADMIN}$`));
    await page.goto(base + ADMIN + "/investments/new", { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("form").first().isVisible()).toBe(true);
    await page.goto(base + ADMIN + `/investments/${publicId}`, { waitUntil: "networkidle" });
    await context.close();
    expect(violations).toEqual([]);
  });
});
