import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso, investmentForm, nextUpdateLimit } from "@/schemas/admin/investment";
import { investments } from "@/server/db/schema";
import { seedDemo, seedScale } from "@/seed";
import { getInvestmentForEdit } from "@/server/investments/editor/load";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, uploadDir, type Actors } from "./helpers";

/**
 * Issue 15 item 2: every seeded listing (demo and scale seed) must pass the
 * editor's own validation, so staff can open any listing and save it unchanged.
 * Issue 28 item 3: and every one keeps 次回更新予定日 within 14 days of its
 * 情報更新日 — the scale seed runs at 00:30 Japan time, the hour where a date
 * computed from the instant rather than the Japan date went one day too far.
 */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
let seededAt: Date;
beforeAll(async () => {
  a = await actors(s.db);
  await seedDemo(s.db, { root: uploadDir });
  // Today 00:30 JST (or now, if now is earlier than that: then it is just after midnight anyway).
  const halfPastMidnight = new Date(Date.parse(`${jstToday()}T00:30:00+09:00`));
  seededAt = new Date(Math.min(Date.now(), halfPastMidnight.getTime()));
  await seedScale(s.db, { investments: 400, members: 5, filters: 5, progress: false, now: seededAt });
});

describe("seeded listings pass the editor's validation", () => {
  it("every listing's editor values parse with investmentForm (no field error anywhere)", async () => {
    const ids = await s.db.select({ id: investments.id }).from(investments).all();
    expect(ids.length).toBeGreaterThan(600);
    const failures: string[] = [];
    for (const { id } of ids) {
      const { values } = await getInvestmentForEdit(s.db, id);
      const r = investmentForm.safeParse(values);
      if (!r.success) failures.push(...r.error.issues.map((i) => `#${id} ${i.path.join(".")}: ${i.message}`));
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });

  it("every listing's 次回更新予定日 is within 14 days of its 情報更新日, and not before the day after seeding", async () => {
    const rows = await s.db
      .select({ id: investments.id, update_at: investments.update_at, next_update_at: investments.next_update_at })
      .from(investments)
      .all();
    const tomorrow = addDaysIso(jstToday(seededAt), 1);
    const bad = rows.filter((r) => !r.update_at || !r.next_update_at || r.next_update_at > nextUpdateLimit(r.update_at) || r.next_update_at < tomorrow);
    expect(bad.slice(0, 5).map((r) => `#${r.id} ${r.update_at?.toISOString()} → ${r.next_update_at}`)).toEqual([]);
  });

  it("a sample of seeded listings (every 40th, demo and scale) loads and saves unchanged through the admin procedures", async () => {
    const ids = (await s.db.select({ id: investments.id }).from(investments).all()).map((r) => r.id).filter((_, i) => i % 40 === 0);
    expect(ids.length).toBeGreaterThan(15);
    for (const id of ids) {
      const before = await a.admin.call((c) => c.admin.investments.byId({ id }));
      await a.admin.call((c) => c.admin.investments.update({ id, ...before.values } as never));
      const after = await a.admin.call((c) => c.admin.investments.byId({ id }));
      expect(after.values, `#${id}`).toEqual(before.values);
    }
  });

  it("one listing of every type saves unchanged through the editor's procedure and reads back identically", async () => {
    const types = await s.db
      .select({ type_cd: investments.type_cd, id: sql<number>`min(${investments.id})` })
      .from(investments)
      .groupBy(investments.type_cd)
      .all();
    expect(types.map((t) => t.type_cd).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 99]);
    for (const { id } of types) {
      const before = await a.admin.call((c) => c.admin.investments.byId({ id }));
      await a.admin.call((c) => c.admin.investments.update({ id, ...before.values } as never));
      const after = await a.admin.call((c) => c.admin.investments.byId({ id }));
      expect(after.values).toEqual(before.values);
    }
  });

  it("migration 0010 turns a stored 地下階数 0 into none and leaves real basements alone", async () => {
    const [x, y] = await s.db
      .select({ id: investments.id, floor: investments.floor })
      .from(investments)
      .where(sql`${investments.floor} is not null`)
      .limit(2)
      .all();
    await s.db
      .update(investments)
      .set({ floor: { ...x!.floor!, under: 0 } })
      .where(eq(investments.id, x!.id));
    await s.db
      .update(investments)
      .set({ floor: { ...y!.floor!, under: 2 } })
      .where(eq(investments.id, y!.id));
    const file = readFileSync(path.resolve(import.meta.dirname, "../../../drizzle/0010_floor_under_none.sql"), "utf8");
    for (const stmt of file.split("--> statement-breakpoint")) await s.db.run(sql.raw(stmt));
    const floorOf = async (id: number) => (await s.db.select({ floor: investments.floor }).from(investments).where(eq(investments.id, id)).get())?.floor;
    expect(await floorOf(x!.id)).toEqual({ ...x!.floor!, under: null });
    expect(await floorOf(y!.id)).toEqual({ ...y!.floor!, under: 2 });
    expect(investmentForm.safeParse((await getInvestmentForEdit(s.db, x!.id)).values).success).toBe(true);
  });
});
