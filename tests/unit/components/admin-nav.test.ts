import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { publicAdminPathname } from "@/lib/admin-path";

/**
 * Issue 30, React error #418 on the listing editor: the server renders the admin pages at the
 * proxy's internal path (/admin-area/…), so usePathname() there differs from the browser's
 * (/_kanri-7f3c/…). The menu must mark the same link current from either, or hydration fails.
 */
const nav = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({ usePathname: () => nav.pathname }));
const { AdminNav } = await import("@/components/admin/admin-nav");

const base = "/_kanri-7f3c";
const links = [
  { href: base, label: "管理トップ" },
  { href: `${base}/accounts`, label: "会員管理" },
  { href: `${base}/investments`, label: "物件管理" },
];
const render = (pathname: string) => {
  nav.pathname = pathname;
  return renderToStaticMarkup(createElement(AdminNav, { links, home: base }));
};

describe("admin menu's current link", () => {
  it("is the same in the server's render (internal path) as in the browser's (base path)", () => {
    for (const [internal, shown, label] of [
      ["/admin-area/investments/1", `${base}/investments/1`, "物件管理"],
      ["/admin-area", base, "管理トップ"],
      ["/admin-area/", base, "管理トップ"],
      ["/admin-area/accounts", `${base}/accounts`, "会員管理"],
    ] as const) {
      const server = render(internal);
      expect(server, internal).toBe(render(shown));
      expect(server, internal).toContain(`aria-current="page" class="rounded px-1 py-1`);
      expect(server.match(/aria-current="page"[^>]*>([^<]+)</)?.[1], internal).toBe(label);
      expect(server, internal).toContain(`（${label}）`);
    }
  });

  it("maps only the internal folder onto the base path", () => {
    expect(publicAdminPathname("/admin-area/cms/posts", base)).toBe(`${base}/cms/posts`);
    expect(publicAdminPathname(`${base}/cms`, base)).toBe(`${base}/cms`);
    expect(publicAdminPathname("/admin-areas", base)).toBe("/admin-areas");
  });
});
