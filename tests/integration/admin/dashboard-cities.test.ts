import { beforeAll, describe, expect, it } from "vitest";
import { contacts } from "@/server/db/schema";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, validForm, type Actors } from "./helpers";

/**
 * Issue 30: the admin top counted Kyoto and Kobe listings as エリア外. Listings and listing
 * inquiries are counted by the six areas with 京都市・神戸市 as themselves, and by the four
 * designated cities as wholes (大阪市 = 大阪市中心部 + 大阪ベイエリア).
 */
const s = useAccountSuite({ mail: false });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

/** A published listing in a municipality (real master codes), with one inquiry about it. */
async function listingWithInquiry(pref_cd: string, city_cd: string) {
  const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ pref_cd, city_cd, transports: [] }) as never));
  await s.db.insert(contacts).values({ kind: "investment", investment_id: id, last_name: "問合", kana_last: "トイアワセ", email: "q@example.com" });
  return id;
}

const dashboard = () => a.admin.call((c) => c.admin.options.dashboard());
const bar = (d: Awaited<ReturnType<typeof dashboard>>, label: string) => d.byArea.find((f) => f.label === label);
const city = (d: Awaited<ReturnType<typeof dashboard>>, label: string) => d.byCity.find((f) => f.label === label);

describe("admin dashboard by area and city", () => {
  it("counts Kyoto and Kobe listings as 京都市 and 神戸市, not エリア外; whole cities add up their wards", async () => {
    const before = await dashboard();
    expect(before.byArea.map((f) => f.label)).toEqual([
      "阪神",
      "北摂",
      "大阪市中心部",
      "大阪ベイエリア",
      "大阪衛星都市",
      "南大阪",
      "京都市",
      "神戸市",
      "エリア外",
    ]);
    expect(before.byCity.map((f) => f.label)).toEqual(["大阪市全域（24区）", "京都市全域（11区）", "神戸市全域（9区）", "堺市全域（7区）"]);

    await listingWithInquiry("26", "261041"); // 京都市中京区
    await listingWithInquiry("28", "281069"); // 神戸市中央区
    await listingWithInquiry("27", "271276"); // 大阪市北区 (大阪市中心部)
    await listingWithInquiry("27", "271071"); // 大阪市此花区 (大阪ベイエリア)
    await listingWithInquiry("27", "271411"); // 堺市堺区 (南大阪)
    await listingWithInquiry("26", "262048"); // 宇治市: in no area and no designated city

    const after = await dashboard();
    const delta = (label: string) => bar(after, label)!.count - bar(before, label)!.count;
    expect(delta("京都市")).toBe(1);
    expect(delta("神戸市")).toBe(1);
    expect(delta("大阪市中心部")).toBe(1);
    expect(delta("大阪ベイエリア")).toBe(1);
    expect(delta("南大阪")).toBe(1);
    expect(delta("エリア外")).toBe(1);

    const cityDelta = (label: string, k: "listings" | "inquiries") => city(after, label)![k] - city(before, label)![k];
    expect(cityDelta("大阪市全域（24区）", "listings")).toBe(2);
    expect(cityDelta("大阪市全域（24区）", "inquiries")).toBe(2);
    expect(cityDelta("京都市全域（11区）", "listings")).toBe(1);
    expect(cityDelta("京都市全域（11区）", "inquiries")).toBe(1);
    expect(cityDelta("神戸市全域（9区）", "inquiries")).toBe(1);
    expect(cityDelta("堺市全域（7区）", "listings")).toBe(1);
    expect(city(after, "京都市全域（11区）")!.code).toBe("261009");

    // Listing inquiries of the last 12 weeks, by the same regions as the listings.
    const inquiry = (d: typeof after, label: string) => d.inquiriesByArea.find((f) => f.label === label)!.count;
    expect(inquiry(after, "京都市") - inquiry(before, "京都市")).toBe(1);
    expect(inquiry(after, "神戸市") - inquiry(before, "神戸市")).toBe(1);
    expect(inquiry(after, "エリア外") - inquiry(before, "エリア外")).toBe(1);
  });
});
