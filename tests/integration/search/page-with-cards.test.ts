/**
 * A list's page and its cards (pageWithCards, issue 31). On a libSQL server they are one statement,
 * which evaluates the page once: the cards' rows select the page's ids, with the count and the rent
 * rolls as columns, sorted again by the page's order. On a file the page is read, then its cards.
 * Either way the cards are those loadCards builds for the page's ids, in the page's order: for sorts,
 * deep pages, sets and a page past the end.
 * On the demo data (rent rolls, transports), run on a file and on sqld (TEST_DATABASE=sqld).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams, type SearchQuery } from "@/schemas/search";
import { setPublicContentLive } from "@/server/cache/public-content";
import { isRemote, type Db } from "@/server/db";
import { loadCards } from "@/server/listings";
import { searchInvestments, searchPage } from "@/server/search";
import { NOW, openSearchDb, type TestDb } from "./fixtures";

let t: TestDb;
let db: Db;
const calls = { execute: 0, batch: 0, sql: [] as string[] };
const q = (qs: string): SearchQuery => parseSearchParams(new URLSearchParams(qs));
let line = 0;
let city = "";

beforeAll(async () => {
  t = await openSearchDb({ demo: true });
  db = t.db;
  // live: the medians' candidates are kept between searches, so the requests counted are the page's
  setPublicContentLive(true);
  line = Number((await db.get<{ v: number }>(sql`SELECT line_cd AS v FROM investment_transports GROUP BY line_cd ORDER BY count(*) DESC LIMIT 1`))!.v);
  city = String((await db.get<{ v: string }>(sql`SELECT city_cd AS v FROM investments GROUP BY city_cd ORDER BY count(*) DESC LIMIT 1`))!.v);
  const execute = db.$client.execute.bind(db.$client);
  db.$client.execute = ((...a: unknown[]) => {
    calls.execute++;
    calls.sql.push(typeof a[0] === "string" ? a[0] : (a[0] as { sql: string }).sql);
    return (execute as (...a: unknown[]) => unknown)(...a);
  }) as typeof db.$client.execute;
  const batch = db.$client.batch.bind(db.$client);
  db.$client.batch = ((...a: unknown[]) => {
    calls.batch++;
    return (batch as (...a: unknown[]) => unknown)(...a);
  }) as typeof db.$client.batch;
}, 120_000);

afterAll(() => {
  setPublicContentLive(false);
  t?.cleanup();
});

describe("a page and its cards", () => {
  it("are the cards loadCards builds for the page's ids, in its order", async () => {
    const cases = ["", "sr=price_asc", "sr=walk_asc&page=2", "ty=1&sr=yield_desc", `sl=${line}`, `ct=${city}&sr=price_desc`, "page=99"];
    for (const audience of ["visitor", "member"] as const) {
      for (const qs of cases) {
        const query = q(qs);
        const r = await searchInvestments(db, audience, query, { now: NOW });
        const page = await searchPage(db, audience, query, { now: NOW });
        expect(r.items.length, `${audience} ${qs}`).toBeGreaterThan(0);
        expect(
          r.items.map((c) => c.id),
          `${audience} ${qs}`,
        ).toEqual(page.ids);
        expect(r.items, `${audience} ${qs}`).toEqual(await loadCards(db, page.ids, NOW, audience));
        expect({ total: r.total, page: r.page, last: r.last }).toEqual({ total: page.total, page: page.page, last: page.last });
      }
    }
  });

  it("take one statement on a libSQL server, the page in it once; on a file the page, then the cards", async () => {
    await searchInvestments(db, "visitor", q(""), { now: NOW });
    calls.execute = 0;
    calls.batch = 0;
    calls.sql.length = 0;
    const r = await searchInvestments(db, "visitor", q("sr=price_asc"), { now: NOW });
    expect(r.items).toHaveLength(20);
    if (isRemote(db)) {
      expect({ execute: calls.execute, batch: calls.batch }).toEqual({ execute: 1, batch: 0 });
      // the page's statement (ORDER BY … LIMIT … OFFSET) appears once: the rent rolls ride along as a column
      expect(calls.sql[0]!.match(/\boffset\b/gi)).toHaveLength(1);
    } else expect(calls.batch).toBe(0);
  });

  it("follow a listing's rent roll: its rents doubled move the card as loadCards's, whatever the rows' order", async () => {
    const listing = (await db.get<{ id: number }>(
      sql`SELECT investment_id AS id FROM investment_rent_rolls GROUP BY investment_id HAVING count(*) >= 3 ORDER BY investment_id DESC LIMIT 1`,
    ))!.id;
    const cardOf = async () => {
      const found = await searchInvestments(db, "member", q(""), { now: NOW, pageSize: 1000 });
      const page = await searchPage(db, "member", q(""), { now: NOW, pageSize: 1000 });
      expect(found.items).toEqual(await loadCards(db, page.ids, NOW, "member"));
      return found.items.find((c) => c.id === listing)!;
    };
    // (in a transaction: this file's counting wrapper of execute would queue a plain write behind itself)
    const write = (statement: ReturnType<typeof sql>) => db.transaction((tx) => tx.run(statement));
    // the listing's income from its rent roll alone (economics.fullIncome: the listing's own figures win)
    await write(sql`UPDATE investments SET income = NULL, yield = NULL WHERE id = ${listing}`);
    const before = await cardOf();
    expect(before.noi).not.toBeNull();
    // reordered and every rent doubled: a card that ignored or misread the roll would not follow
    await write(sql`UPDATE investment_rent_rolls SET e_sort = 1000 - e_sort, rent = rent * 2 WHERE investment_id = ${listing}`);
    const after = await cardOf();
    expect(after.noi!).toBeGreaterThan(before.noi!);
  });
});
