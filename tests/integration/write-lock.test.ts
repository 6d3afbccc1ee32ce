import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site_options } from "@/server/db/schema";
import { createTestDb } from "../helpers/db";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("one writer at a time inside a process", () => {
  it("many concurrent read-then-write transactions and plain writes all succeed (no SQLITE_BUSY)", async () => {
    await t.db.insert(site_options).values({ key: "counter", value: 0 });
    const bump = () =>
      t.db.transaction(async (tx) => {
        const row = await tx.select().from(site_options).where(eq(site_options.key, "counter")).get();
        await new Promise((r) => setTimeout(r, 2)); // yield to the event loop mid-transaction
        await tx
          .update(site_options)
          .set({ value: Number(row?.value) + 1 })
          .where(eq(site_options.key, "counter"));
      });
    const plain = (i: number) => t.db.insert(site_options).values({ key: `k${i}`, value: i });
    await Promise.all([...Array.from({ length: 40 }, bump), ...Array.from({ length: 40 }, (_, i) => plain(i))]);
    const row = await t.db.select().from(site_options).where(eq(site_options.key, "counter")).get();
    expect(row?.value).toBe(40); // no lost update: each transaction saw the previous one's write
  });

  it("reads are not blocked by an open write transaction", async () => {
    let readDone = false;
    await t.db.transaction(async (tx) => {
      await tx.insert(site_options).values({ key: "during", value: 1 });
      await t.db.select().from(site_options).all(); // outside the transaction, WAL snapshot
      readDone = true;
    });
    expect(readDone).toBe(true);
  });
});
