import { readdirSync } from "node:fs";
import path from "node:path";
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import type { Db } from "@/server/db";
import { cms_posts, contacts, investments, newsletters, users } from "@/server/db/schema";
import { ADMIN_BASE as ADMIN } from "./browser";

/**
 * Every page route of the app (from the page.tsx files under src/app), as a
 * URL to open at phone width, and who opens it. Dynamic segments get real
 * ids from the seeded demo database; a new dynamic route without a value here
 * makes `phoneRoutes` throw, so the phone check keeps covering every route.
 */
export const PREVIEW = "/_preview-7f3c";

export type Who = "visitor" | "member" | "admin";
export interface PhoneRoute {
  /** The route as written under src/app, e.g. (site)/investments/[id] */
  route: string;
  url: string;
  who: Who;
}

const appDir = path.resolve(import.meta.dirname, "../../src/app");

function pageDirs(dir: string, rel: string[] = []): string[][] {
  const out: string[][] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) out.push(...pageDirs(path.join(dir, e.name), [...rel, e.name]));
    else if (e.name === "page.tsx") out.push(rel);
  }
  return out;
}

export async function phoneRoutes(db: Db): Promise<PhoneRoute[]> {
  const listing = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.public, true), eq(investments.members, false), isNull(investments.not_updated_at)))
    .orderBy(desc(investments.public_at))
    .get();
  const unpublished = await db.select({ id: investments.id }).from(investments).where(eq(investments.public, false)).orderBy(asc(investments.id)).get();
  const post = await db
    .select({ id: cms_posts.id, slug: cms_posts.slug })
    .from(cms_posts)
    .where(eq(cms_posts.status, "published"))
    .orderBy(desc(cms_posts.published_at))
    .get();
  const member = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, "member@example.com"), isNull(users.deleted_at)))
    .get();
  const deleted = await db.select({ id: users.id }).from(users).where(isNotNull(users.deleted_at)).get();
  // The demo has no inquiry or newsletter yet: one of each, with long values, for their staff pages.
  const contact =
    (await db.select({ id: contacts.id }).from(contacts).orderBy(desc(contacts.id)).get()) ??
    (await db
      .insert(contacts)
      .values({
        kind: "consult",
        inquiry: { main: ["other"], other: "融資についての相談" },
        last_name: "山田",
        first_name: "太郎",
        kana_last: "ヤマダ",
        kana_first: "タロウ",
        email: "a-rather-long-address-for-a-phone@example.com",
        tel: "06-1234-5678",
        contact: { method: ["email"] },
        comment: "大阪市内で一棟マンションを探しています。".repeat(4),
      })
      .returning({ id: contacts.id })
      .get());
  const newsletter =
    (await db.select({ id: newsletters.id }).from(newsletters).orderBy(desc(newsletters.id)).get()) ??
    (await db
      .insert(newsletters)
      .values({ subject: "今月の新着収益物件のご案内", body: "新着物件のお知らせです。\n".repeat(5), audience: { kind: "all" } })
      .returning({ id: newsletters.id })
      .get());
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the demo data has no ${what}`);
    return v;
  };
  const ids: Record<string, string> = {
    "(site)/investments/[id]": String(need(listing, "public listing").id),
    "(site)/investments/page/[n]": "2",
    "(site)/blogs/[slug]": encodeURIComponent(need(post, "published post").slug),
    "(site)/blogs/page/[n]": "2",
    "(admin)/admin-area/(authed)/accounts/[id]": String(need(member, "demo member").id),
    "(admin)/admin-area/(authed)/accounts/deleted/[id]": String(need(deleted, "deleted member").id),
    "(admin)/admin-area/(authed)/cms/pages/[key]": "faq",
    "(admin)/admin-area/(authed)/cms/posts/[id]": String(need(post, "published post").id),
    "(admin)/admin-area/(authed)/contacts/[id]": String(need(contact, "inquiry").id),
    "(admin)/admin-area/(authed)/investments/[id]": String(need(listing, "public listing").id),
    "(admin)/admin-area/(authed)/newsletter/[id]": String(need(newsletter, "newsletter").id),
    "(preview)/preview-area/investments/[id]": String(need(unpublished, "unpublished listing").id),
    "(preview)/preview-area/blogs/[id]": String(need(post, "published post").id),
  };
  const routes: PhoneRoute[] = [];
  for (const segs of pageDirs(appDir)) {
    const route = segs.join("/");
    const parts: string[] = [];
    let who: Who = "visitor";
    for (const [i, seg] of segs.entries()) {
      if (seg === "admin-area") parts.push(ADMIN);
      else if (seg === "preview-area") {
        parts.push(PREVIEW);
        who = "admin";
      } else if (seg === "(authed)") who = "admin";
      else if (seg === "mypage" && segs[0] === "(site)") {
        parts.push("/mypage");
        who = "member";
      } else if (/^\(.*\)$/.test(seg)) continue;
      else if (/^\[.*\]$/.test(seg)) {
        const key = segs.slice(0, i + 1).join("/");
        const value = ids[key];
        if (value === undefined) throw new Error(`no demo value for the dynamic segment of ${key}: add one to tests/e2e/phone-width.ts`);
        parts.push(`/${value}`);
      } else parts.push(`/${seg}`);
    }
    // The listing inquiry form opens from a listing (without one it is a 404).
    const query = route === "(site)/contacts/investment" ? `?investment_id=${need(listing, "public listing").id}` : "";
    routes.push({ route, url: (parts.join("") || "/") + query, who });
  }
  return routes.sort((a, b) => a.url.localeCompare(b.url));
}

export interface WidthReport {
  scrollWidth: number;
  /** Visible interactive elements whose box leaves the viewport horizontally (outside a horizontal scroller). */
  offscreen: string[];
}

/**
 * The page's document width and the interactive elements a phone user cannot
 * reach: every visible link, button, input, select, textarea and summary whose
 * bounding box leaves [0, innerWidth], unless it sits inside a deliberate
 * horizontal scroll container (overflow-x auto/scroll that really scrolls).
 */
export async function measureWidth(page: Page): Promise<WidthReport> {
  // A string, so no transpiler helper (esbuild's __name) leaks into the page.
  return page.evaluate(MEASURE) as Promise<WidthReport>;
}

const MEASURE = `(() => {
  const vw = window.innerWidth;
  const inScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if ((ox === "auto" || ox === "scroll") && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  const offscreen = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]')) {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    // sr-only controls (1 px, clipped) are not on screen for anyone to miss
    if (r.width <= 1 || r.height <= 1) continue;
    if ((r.left < -1 || r.right > vw + 1) && !inScroller(el)) {
      const text = (el.getAttribute("aria-label") || el.innerText || el.getAttribute("name") || "").replace(/\\s+/g, " ").trim().slice(0, 40);
      offscreen.push("<" + el.tagName.toLowerCase() + "> \\"" + text + "\\" " + Math.round(r.left) + "–" + Math.round(r.right) + "px");
    }
  }
  return { scrollWidth: document.scrollingElement ? document.scrollingElement.scrollWidth : 0, offscreen };
})()`;
