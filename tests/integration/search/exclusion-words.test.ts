/**
 * Exclusion words (xw, the portals' 除外ワード): a listing whose name or
 * keywords contain any of the words is left out, in the SQL search and in the
 * in-memory matcher (saved conditions, matching mails) alike.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeQuery, parseSearchParams, toSearchParams, searchQuery } from "@/schemas/search";
import { compileQuery, loadMatchable } from "@/server/search/predicate";
import { NOW, insertListing, openSearchDb, searchIdSet, type TestDb } from "./fixtures";

let t: TestDb;
const ids = {} as Record<"plain" | "apart" | "lease" | "ascii", number>;
const q = (qs: string) => parseSearchParams(new URLSearchParams(qs));

beforeAll(async () => {
  t = await openSearchDb();
  ids.plain = await insertListing(t.db, { name: "除外テスト 梅田レジデンス", keywords: "梅田 一棟" });
  ids.apart = await insertListing(t.db, { name: "除外テスト 難波ハイツ", keywords: "難波 アパート" });
  ids.lease = await insertListing(t.db, { name: "除外テスト 天満コート", keywords: "天満 借地権" });
  ids.ascii = await insertListing(t.db, { name: "除外テスト SOHO Tenma", keywords: "" });
});
afterAll(() => t?.cleanup());

const agree = async (qs: string) => {
  const query = q(qs);
  const sql = await searchIdSet(t.db, "admin", query);
  const accepts = compileQuery(query, NOW);
  const mem = (await loadMatchable(t.db, Object.values(ids)))
    .filter(accepts)
    .map((l) => l.id)
    .sort((a, b) => a - b);
  expect(sql, qs).toEqual(mem);
  return sql;
};

describe("xw", () => {
  it("leaves out listings whose name or keywords contain any of the words; SQL and matcher agree", async () => {
    const all = Object.values(ids).sort((a, b) => a - b);
    expect(await agree("fw=除外テスト")).toEqual(all);
    expect(await agree("fw=除外テスト&xw=借地権")).toEqual(all.filter((i) => i !== ids.lease));
    expect(await agree("fw=除外テスト&xw=借地権 ハイツ")).toEqual([ids.plain, ids.ascii].sort((a, b) => a - b));
    // full-width and case folded like the free word
    expect(await agree("fw=除外テスト&xw=ｓｏｈｏ")).toEqual(all.filter((i) => i !== ids.ascii));
    expect(await agree("fw=除外テスト&xw=梅")).toEqual(all.filter((i) => i !== ids.plain));
  });

  it("is a search parameter like the others: canonical URL, saved-filter schema, chip", () => {
    const query = q("xw=借地権　ハイツ&ty=1");
    expect(query.xw).toBe("借地権 ハイツ");
    expect(toSearchParams(query).toString()).toBe("ty=1&xw=%E5%80%9F%E5%9C%B0%E6%A8%A9+%E3%83%8F%E3%82%A4%E3%83%84");
    expect(searchQuery.parse({ xw: "借地権" })).toEqual({ xw: "借地権" });
    expect(describeQuery(query)).toContain("除外「借地権 ハイツ」");
    expect(q("xw=").xw).toBeUndefined();
  });
});
