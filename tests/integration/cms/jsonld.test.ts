import { isValidElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Analytics } from "@/components/seo/analytics";
import { analyticsAllowed } from "@/components/seo/analytics-tags";
import { JsonLd } from "@/components/seo/json-ld";
import { pageMetadata } from "@/components/seo/metadata";
import { SITE } from "@/lib/constants/site";
import {
  blogPostingJsonLd,
  faqPageJsonLd,
  manToYen,
  organizationJsonLd,
  realEstateListingJsonLd,
  serializeJsonLd,
  splitJapaneseAddress,
} from "@/lib/seo-jsonld";
import { resetEnvForTests } from "@/server/env";

const APP = "https://kansai.example.test";
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});

describe("JSON-LD helpers", () => {
  it("serialises so that no value can close the script element", () => {
    const s = serializeJsonLd({ name: "</script><script>alert(1)</script>", note: "a & b <!--" });
    expect(s).not.toMatch(/[<>&]/);
    expect(JSON.parse(s)).toEqual({ name: "</script><script>alert(1)</script>", note: "a & b <!--" });
    const el = JsonLd({ data: { "@type": "Thing", name: "<b>" } });
    expect(isValidElement(el)).toBe(true);
    expect(JsonLd({ data: null })).toBeNull();
  });

  it("RealEstateListing: an Offer in JPY (万円 × 10,000), name, url and address", () => {
    const ld = realEstateListingJsonLd(
      {
        id: 42,
        name: "北区架空マンション",
        price: 8500,
        type_cd: 1,
        pref_name: "大阪府",
        city_name: "大阪市北区",
        district_cd: "梅田一丁目",
        yield: 6.25,
        images: ["/api/images/42/a/jpg"],
        public_at: new Date("2026-11-01T00:00:00Z"),
      },
      APP,
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      url: `${APP}/investments/42`,
      name: "北区架空マンション",
      image: [`${APP}/api/images/42/a/jpg`],
      datePosted: "2026-11-01T00:00:00.000Z",
      offers: { "@type": "Offer", price: 85_000_000, priceCurrency: "JPY", url: `${APP}/investments/42`, category: "一棟マンション" },
      contentLocation: {
        "@type": "Place",
        address: { addressRegion: "大阪府", addressLocality: "大阪市北区", streetAddress: "梅田一丁目", addressCountry: "JP" },
      },
    });
    expect(manToYen(1980.5)).toBe(19_805_000);
    expect(manToYen(100_000_000)).toBeNull();
    // A price that cannot be shown gets no Offer.
    expect(realEstateListingJsonLd({ id: 1, name: "x", price: 100_000_000 }, APP)).not.toHaveProperty("offers");
  });

  it("never describes a members-only listing", () => {
    expect(realEstateListingJsonLd({ id: 7, name: "会員限定", price: 5000, members: true }, APP)).toBeNull();
  });

  it("FAQPage, BlogPosting and the organisation", () => {
    expect(faqPageJsonLd([])).toBeNull();
    expect(faqPageJsonLd([{ q: "Q1", a: "A1" }])).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Q1", acceptedAnswer: { "@type": "Answer", text: "A1" } }],
    });
    const post = blogPostingJsonLd(
      { slug: "a-b", title: "題名", published_at: new Date("2026-10-01T00:00:00Z"), updated_at: null, category_name: "市場動向" },
      APP,
    );
    expect(post).toMatchObject({
      "@type": "BlogPosting",
      headline: "題名",
      url: `${APP}/blogs/a-b`,
      image: [`${APP}/ogp.png`],
      datePublished: "2026-10-01T00:00:00.000Z",
      dateModified: "2026-10-01T00:00:00.000Z",
      articleSection: "市場動向",
      publisher: { name: SITE.corporateName },
    });
    const org = organizationJsonLd(APP);
    expect(org).toMatchObject({
      "@type": "RealEstateAgent",
      name: SITE.corporateName,
      telephone: SITE.tel,
      address: { postalCode: SITE.postalCode, addressRegion: "大阪府", addressLocality: "大阪市北区" },
    });
    expect(splitJapaneseAddress("兵庫県神戸市中央区三宮町1丁目")).toEqual({ region: "兵庫県", locality: "神戸市中央区", street: "三宮町1丁目" });
    expect(splitJapaneseAddress("京都府宇治市宇治")).toMatchObject({ region: "京都府", locality: "宇治市" });
  });
});

describe("page metadata", () => {
  it("description through metaDescription, canonical, OG article with the cover", () => {
    const m = pageMetadata({ title: "記事", description: "本文の要約", path: "/blogs/x", type: "article", image: "/cover.jpg", publishedTime: new Date(0) });
    expect(m.title).toBe("記事");
    expect(m.description?.startsWith("本文の要約 ")).toBe(true);
    expect([...(m.description ?? "")].length).toBeLessThanOrEqual(150);
    expect(m.alternates?.canonical).toBe("/blogs/x");
    expect(m.openGraph).toMatchObject({ type: "article", url: "/blogs/x", images: [{ url: "/cover.jpg" }] });
    const d = pageMetadata({ title: "会社概要", path: "/corporate" });
    expect(d.openGraph).toMatchObject({ type: "website", images: [{ url: "/ogp.png" }] });
  });
});

describe("analytics tag", () => {
  it("renders only with an ANALYTICS_ID, and never on login-type pages", () => {
    delete process.env.ANALYTICS_ID;
    resetEnvForTests();
    expect(Analytics()).toBeNull();
    process.env.ANALYTICS_ID = "G-TEST12345";
    resetEnvForTests();
    const el = Analytics();
    expect(isValidElement(el)).toBe(true);
    expect((el as { props: { id: string } }).props.id).toBe("G-TEST12345");
    process.env.ANALYTICS_ID = "G-1');alert(1)//";
    resetEnvForTests();
    expect(Analytics()).toBeNull();

    expect(analyticsAllowed("/")).toBe(true);
    expect(analyticsAllowed("/blogs/x")).toBe(true);
    expect(analyticsAllowed("/login")).toBe(false);
    expect(analyticsAllowed("/login/first")).toBe(false);
    expect(analyticsAllowed("/signup/register")).toBe(false);
    expect(analyticsAllowed("/reset-password")).toBe(false);
    expect(analyticsAllowed("/loginx")).toBe(true);
  });
});
