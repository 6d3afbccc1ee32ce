import { describe, expect, it } from "vitest";
import { META_DESCRIPTION_LIMIT, SITE } from "@/lib/constants/site";
import { DEFAULT_TITLE, adminPageTitle, breadcrumbItem, breadcrumbJsonLd, canonicalUrl, isAdminPath, metaDescription, pageTitle, robotsFor } from "@/lib/seo";
import { charLength } from "@/lib/text";

describe("pageTitle", () => {
  it("has the form 'title | site title のことなら corporate name'", () => {
    expect(DEFAULT_TITLE).toBe(`${SITE.title}のことなら${SITE.corporateName}`);
    expect(pageTitle("物件一覧")).toBe(`物件一覧 | ${SITE.title}のことなら${SITE.corporateName}`);
  });
  it("is the default alone without a title", () => {
    expect(pageTitle()).toBe(DEFAULT_TITLE);
    expect(pageTitle("")).toBe(DEFAULT_TITLE);
    expect(pageTitle("  ")).toBe(DEFAULT_TITLE);
    expect(pageTitle(null)).toBe(DEFAULT_TITLE);
  });
  it("admin pages use the suffix システム管理", () => {
    expect(adminPageTitle("会員管理")).toBe("会員管理 | システム管理");
    expect(adminPageTitle()).toBe("システム管理");
  });
});

describe("metaDescription", () => {
  it("uses the default when there is none, within 150 characters", () => {
    expect(metaDescription()).toBe(SITE.description.slice(0, 150));
    expect(metaDescription("")).toBe(metaDescription());
  });
  it("does not append the default to itself", () => {
    expect(metaDescription(SITE.description)).toBe(metaDescription());
  });
  it("appends the default to a different description", () => {
    const d = metaDescription("梅田駅徒歩5分の一棟マンション。");
    expect(d.startsWith(`梅田駅徒歩5分の一棟マンション。 ${SITE.description.slice(0, 10)}`)).toBe(true);
  });
  it("truncates to 150 characters", () => {
    expect(META_DESCRIPTION_LIMIT).toBe(150);
    const long = "あ".repeat(200);
    expect(metaDescription(long)).toBe("あ".repeat(150));
    const d = metaDescription("い".repeat(100));
    expect(charLength(d)).toBe(150);
    expect(d.startsWith(`${"い".repeat(100)} `)).toBe(true);
  });
  it("counts surrogate pairs as one character", () => {
    expect(charLength(metaDescription("𠮷".repeat(200)))).toBe(150);
    expect(metaDescription("𠮷".repeat(200))).toBe("𠮷".repeat(150));
  });
});

describe("canonicalUrl", () => {
  it("joins the app URL and the path", () => {
    expect(canonicalUrl("https://example.invalid", "/investments")).toBe("https://example.invalid/investments");
    expect(canonicalUrl("https://example.invalid/", "/investments/page/2/")).toBe("https://example.invalid/investments/page/2/");
    expect(canonicalUrl("https://example.invalid", "about")).toBe("https://example.invalid/about");
    expect(canonicalUrl("https://example.invalid")).toBe("https://example.invalid/");
  });
  it("keeps the query and drops the fragment", () => {
    expect(canonicalUrl("https://example.invalid", "/investments/page/1/?re=1#top")).toBe("https://example.invalid/investments/page/1/?re=1");
  });
});

describe("admin pages are noindex, nofollow", () => {
  it("detects the admin prefix", () => {
    expect(isAdminPath("/_admin", "/_admin")).toBe(true);
    expect(isAdminPath("/_admin/accounts", "_admin/")).toBe(true);
    expect(isAdminPath("/_adminx", "/_admin")).toBe(false);
    expect(isAdminPath("/investments", "/_admin")).toBe(false);
    expect(isAdminPath("/anything", "/")).toBe(false);
  });
  it("sets robots", () => {
    expect(robotsFor("/_admin/investments", "/_admin")).toEqual({ index: false, follow: false });
    expect(robotsFor("/investments", "/_admin")).toEqual({ index: true, follow: true });
  });
});

describe("breadcrumbs", () => {
  it("defaults to ホーム and /", () => {
    expect(breadcrumbItem()).toEqual({ name: "ホーム", path: "/" });
    expect(breadcrumbItem({ name: "物件一覧" })).toEqual({ name: "物件一覧", path: "/" });
  });
  it("emits a schema.org BreadcrumbList", () => {
    expect(breadcrumbJsonLd("https://example.invalid", [{}, { name: "物件一覧", path: "/investments" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "ホーム", item: "https://example.invalid/" },
        { "@type": "ListItem", position: 2, name: "物件一覧", item: "https://example.invalid/investments" },
      ],
    });
  });
});
