import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvestmentFormInput } from "@/schemas/admin/investment";
import { investments, site_options } from "@/server/db/schema";
import { normaliseLandUses } from "@/server/investments";
import { migrateDb } from "@/server/migrate";
import { errorOf, useAccountSuite } from "../../helpers/accounts";
import { actors, expectRefused, uploadDir, validForm, type Actors } from "./helpers";

/** Issue 34 item 5: 用途地域 is one of the official zones; stored free text is mapped by a data pass, the rest listed for staff. */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const create = (data: InvestmentFormInput) => a.admin.call((c) => c.admin.investments.create(data as never));
const row = (id: number) => s.db.select().from(investments).where(eq(investments.id, id)).get();
/** Writes stored free text as the editor allowed before the select (no save path accepts it any more). */
const storeText = (id: number, land_use_1: string | null, land_use_2: string | null) =>
  s.db.update(investments).set({ land_use_1, land_use_2 }).where(eq(investments.id, id)).run();

describe("the data pass maps stored free text to the official names", () => {
  it("maps what it can read (and the keywords follow), leaves the rest as typed, lists it for staff only, and runs once per version", async () => {
    const mapped = await create(validForm({ land_use_1: "商業地域" }));
    const unreadable = await create(validForm({ land_use_1: "第一種住居地域" }));
    await storeText(mapped.id, "近商", "第１種住居");
    await storeText(unreadable.id, "商業・近商", "準工");
    const before = await row(unreadable.id);

    const r = await normaliseLandUses(s.db, { force: true });
    expect(r.normalised).toBe(true);
    expect(r.changed).toBeGreaterThanOrEqual(2);

    const m = await row(mapped.id);
    expect([m?.land_use_1, m?.land_use_2]).toEqual(["近隣商業地域", "第一種住居地域"]);
    expect(m?.keywords).toContain("近隣商業地域");
    const u = await row(unreadable.id);
    // Two zones in one field is for staff to split; the readable second field is mapped.
    expect([u?.land_use_1, u?.land_use_2]).toEqual(["商業・近商", "準工業地域"]);
    expect(u?.update_at?.getTime()).toBe(before?.update_at?.getTime());

    const version = await s.db.select().from(site_options).where(eq(site_options.key, "land_use_version")).get();
    expect(version?.value).toBeTruthy();
    expect(await normaliseLandUses(s.db)).toEqual({ normalised: false, changed: 0 });

    const list = await a.admin.call((c) => c.admin.investments.unmappedLandUses());
    expect(list.map((l) => l.id)).toContain(unreadable.id);
    expect(list.map((l) => l.id)).not.toContain(mapped.id);
    expect(list.find((l) => l.id === unreadable.id)).toMatchObject({ land_use_1: "商業・近商", land_use_2: "準工業地域" });
    await expectRefused(a, (c) => c.admin.investments.unmappedLandUses());
  });
});

describe("the migration runs the pass", () => {
  it("a database whose land_use_version is older gets its free text mapped by migrateDb", async () => {
    const r = await create(validForm({ land_use_1: "商業地域" }));
    await storeText(r.id, "１種低層", "調整区域");
    await s.db.delete(site_options).where(eq(site_options.key, "land_use_version"));
    await migrateDb(s.db);
    const m = await row(r.id);
    expect([m?.land_use_1, m?.land_use_2]).toEqual(["第一種低層住居専用地域", "市街化調整区域"]);
  });
});

describe("the editor's save accepts only official zones and percentages", () => {
  const cases: [string, Partial<InvestmentFormInput>, string, string][] = [
    ["free-text 用途地域1", { land_use_1: "商業" }, "land_use_1", "用途地域1は一覧から選択してください"],
    ["unknown 用途地域2", { land_use_2: "住居専用地域" }, "land_use_2", "用途地域2は一覧から選択してください"],
    [
      "建ぺい率 over 100",
      { land_ratio: { bdr_1: "120", bdr_2: "", far_1: "", far_2: "" } },
      "land_ratio.bdr_1",
      "建ぺい率1（%）は0〜100の数値（%）で入力してください",
    ],
    [
      "容積率 over 1300",
      { land_ratio: { bdr_1: "", bdr_2: "", far_1: "", far_2: "1400" } },
      "land_ratio.far_2",
      "容積率2（%）は0〜1300の数値（%）で入力してください",
    ],
    ["容積率 not a number", { land_ratio: { bdr_1: "", bdr_2: "", far_1: "四百", far_2: "" } }, "land_ratio.far_1", "容積率1（%）は数値で入力してください"],
  ];
  for (const [name, over, path, message] of cases) {
    it(`${name}: BAD_REQUEST with the Japanese message, nothing saved`, async () => {
      const saved = await create(validForm({ land_use_1: "準工業地域", land_ratio: { bdr_1: "60", bdr_2: "", far_1: "200", far_2: "" } } as never));
      const before = await row(saved.id);
      const values = (await a.admin.call((c) => c.admin.investments.byId({ id: saved.id }))).values as InvestmentFormInput;
      const e = await errorOf(a.admin.call((c) => c.admin.investments.update({ id: saved.id, ...values, ...over } as never)));
      expect(e.code).toBe("BAD_REQUEST");
      expect(e.fieldErrors?.[path]).toContain(message);
      const after = await row(saved.id);
      expect([after?.land_use_1, after?.land_use_2, after?.land_ratio, after?.update_at?.getTime()]).toEqual([
        before?.land_use_1,
        before?.land_use_2,
        before?.land_ratio,
        before?.update_at?.getTime(),
      ]);
    });
  }

  it("the bounds themselves (建ぺい率 100, 容積率 1300, full-width) and 市街化調整区域 / 指定なし save", async () => {
    const r = await create(
      validForm({ land_use_1: "市街化調整区域", land_use_2: "指定なし", land_ratio: { bdr_1: "１００", bdr_2: "", far_1: "1300", far_2: "" } } as never),
    );
    const saved = await row(r.id);
    expect([saved?.land_use_1, saved?.land_use_2]).toEqual(["市街化調整区域", "指定なし"]);
    expect(saved?.land_ratio).toMatchObject({ bdr_1: 100, far_1: 1300 });
  });
});
