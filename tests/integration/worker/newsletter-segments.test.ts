import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletters, notification_settings } from "@/server/db/schema";
import { audienceRecipients, countAudience, newsletterAudience } from "@/server/newsletters/audience";
import { createNewsletter, newsletterProgress, scheduleNewsletter, unscheduleNewsletter, updateNewsletter } from "@/server/newsletters/admin";
import { prepareNewsletter } from "@/server/newsletters/deliver";
import { callerFor } from "../../helpers/context";
import { createAdmin } from "../../helpers/factories";
import { createMember, insertListing, useWorkerSuite } from "./helpers";

/**
 * Issue 30, newsletters for staff: segments by city (a designated city as a whole or one ward,
 * read from members' saved search conditions) and by a listing (members whose saved conditions
 * it matches, the matching engine's own predicate), with the count before sending; and a
 * send-now shows as 配信待ち (queued), no longer editable, until the worker takes it.
 */
const s = useWorkerSuite({ runtime: false });

/** Only these members accept newsletters from here on (earlier tests' members opt out). */
async function only(ids: number[]): Promise<void> {
  await s.db.run(sql`INSERT OR IGNORE INTO notification_settings (user_id) SELECT id FROM users`);
  await s.db.update(notification_settings).set({ newsletter: false });
  for (const id of ids) await s.db.update(notification_settings).set({ newsletter: true }).where(eq(notification_settings.user_id, id));
}

const segment = (over: Record<string, unknown>) => newsletterAudience.parse({ kind: "segment", ...over });

describe("newsletter segments by city and by saved search", () => {
  it("a city segment takes members whose saved conditions cover it: whole cities, wards, and the areas that contain them", async () => {
    const kyoto = await createMember(s.db, { tag: "c-kyoto", queries: [{ ct: ["261009"] }] }); // 京都市全域
    const nakagyo = await createMember(s.db, { tag: "c-nakagyo", queries: [{ ct: ["261041"] }] }); // 中京区
    const central = await createMember(s.db, { tag: "c-central", queries: [{ re: [3] }] }); // 大阪市中心部
    const konohana = await createMember(s.db, { tag: "c-konohana", queries: [{ ty: [1], ct: ["271071"] }] }); // 此花区 (ベイエリア)
    const anywhere = await createMember(s.db, { tag: "c-any", queries: [{ ty: [1] }] }); // no place: not "in" any city
    const nishinomiya = await createMember(s.db, { tag: "c-nishi", queries: [{ ct: ["282049"] }] }); // 西宮市 (阪神)
    const none = await createMember(s.db, { tag: "c-none", interest_areas: [3] });
    await only([kyoto, nakagyo, central, konohana, anywhere, nishinomiya, none].map((m) => m.id));

    const ids = async (cities: string[], over: Record<string, unknown> = {}) =>
      (await audienceRecipients(s.db, segment({ cities, ...over }))).map((r) => r.id).sort((a, b) => a - b);
    expect(await ids(["261009"])).toEqual([kyoto.id, nakagyo.id]); // 京都市 as a whole: its wards' savers too
    expect(await ids(["261025"])).toEqual([kyoto.id]); // 上京区: who saved all of 京都市
    expect(await ids(["271004"])).toEqual([central.id, konohana.id]); // 大阪市全域: both areas' wards
    expect(await ids(["271276"])).toEqual([central.id]); // 北区 is in 大阪市中心部
    expect(await ids(["271071"])).toEqual([konohana.id]);
    expect(await ids(["281000"])).toEqual([]);
    expect(await ids(["282049", "261041"])).toEqual([kyoto.id, nakagyo.id, nishinomiya.id].sort((a, b) => a - b));
    // Criteria combine with AND.
    expect(await ids(["271004"], { types: [1] })).toEqual([konohana.id]);
    expect(await countAudience(s.db, segment({ cities: ["261009"] }))).toBe(2);
  });

  it("refuses a code that is no municipality with a Japanese message", () => {
    const r = newsletterAudience.safeParse({ kind: "segment", cities: ["12"] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/市区町村/);
    const empty = newsletterAudience.safeParse({ kind: "segment", cities: [] });
    expect(empty.error?.issues[0]?.message).toBe("絞り込み条件を1つ以上選んでください");
  });

  it("a listing segment takes members with a saved condition the listing matches (as the matching mail would)", async () => {
    const listing = await insertListing(s.db, { no: "NL-SEG-1" }); // 大阪市北区, 一棟マンション, 12,000万円
    const fits = await createMember(s.db, { tag: "l-fits", queries: [{ ty: [1], hp: 15000 }] });
    const area = await createMember(s.db, { tag: "l-area", queries: [{ ty: [2] }, { re: [3] }] });
    const tooCheap = await createMember(s.db, { tag: "l-cheap", queries: [{ ty: [1], hp: 8000 }] });
    const kyoto = await createMember(s.db, { tag: "l-kyoto", queries: [{ ct: ["261009"] }] });
    await only([fits, area, tooCheap, kyoto].map((m) => m.id));

    const got = (await audienceRecipients(s.db, segment({ listingId: listing }))).map((r) => r.id).sort((a, b) => a - b);
    expect(got).toEqual([fits.id, area.id].sort((a, b) => a - b));
    expect(await countAudience(s.db, segment({ listingId: listing }))).toBe(2);
    // AND with a city: 北区 savers among them.
    expect(await countAudience(s.db, segment({ listingId: listing, cities: ["271276"] }))).toBe(1);

    // Staff see the count and the listing's name before sending; an unknown listing is a field error.
    const admin = await createAdmin(s.db);
    const { caller } = await callerFor(s.db, { adminId: admin.id });
    const r = await caller.admin.newsletters.audienceCount({ audience: { kind: "segment", listingId: listing } as never });
    expect(r).toMatchObject({ count: 2, listing: { id: listing, name: "テストレジデンス梅田", no: "NL-SEG-1" } });
    await expect(caller.admin.newsletters.audienceCount({ audience: { kind: "segment", listingId: 99_999_999 } as never })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining("物件が見つかりません"),
    });
  });
});

describe("the sending state after 今すぐ配信", () => {
  it("a send-now is 配信待ち with the recipient count, locked against edits and unscheduling; then 配信中 and 配信完了 with counts", async () => {
    const people = [await createMember(s.db, { tag: "q1" }), await createMember(s.db, { tag: "q2" })];
    await only(people.map((p) => p.id));
    const nl = await createNewsletter(s.db, null, { subject: "今すぐ", body: "本文", audience: { kind: "all" } });
    const later = await createNewsletter(s.db, null, { subject: "あとで", body: "本文", audience: { kind: "all" } });
    await scheduleNewsletter(s.db, later.id, new Date(Date.now() + 3_600_000));
    expect((await newsletterProgress(s.db, later.id)).phase).toBe("scheduled");

    await scheduleNewsletter(s.db, nl.id);
    const queued = await newsletterProgress(s.db, nl.id);
    expect(queued).toMatchObject({ status: "scheduled", phase: "queued", expected: 2 });
    await expect(updateNewsletter(s.db, nl.id, { subject: "変更", body: "本文", audience: { kind: "all" } })).rejects.toMatchObject({
      message: "配信を開始したメールは編集できません",
    });
    await expect(unscheduleNewsletter(s.db, nl.id)).rejects.toMatchObject({
      message: "配信を開始したメールは予約を取り消せません。中止する場合は「配信を中止する」を押してください",
    });
    expect((await s.db.select({ status: newsletters.status }).from(newsletters).where(eq(newsletters.id, nl.id)).get())?.status).toBe("scheduled");

    await prepareNewsletter(s.db, nl.id);
    const sending = await newsletterProgress(s.db, nl.id);
    expect(sending).toMatchObject({ status: "sending", phase: "sending", counts: { total: 2, pending: 2 } });
  });
});
