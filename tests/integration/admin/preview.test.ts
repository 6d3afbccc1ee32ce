import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createContext } from "@/server/api/context";
import { cms_posts, investment_images, investments } from "@/server/db/schema";
import { imageForViewer } from "@/server/investments/images";
import { errorOf, useAccountSuite, type Caller } from "../../helpers/accounts";
import { actors, expectRefused, uploadDir, validForm, type Actors } from "./helpers";

/**
 * The preview area's data (issue 8): admin-only procedures that return
 * unpublished listings and draft / scheduled posts in the shape the public
 * pages get, and the image rule that lets only an admin see an unpublished
 * listing's photos.
 */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const post = (over: Record<string, unknown> = {}) => ({
  title: "下書きの記事",
  slug: `draft-${crypto.randomUUID().slice(0, 8)}`,
  category: "beginner",
  cover_image: "",
  excerpt: "",
  body_md: "## 見出し\n\n本文です。",
  status: "draft",
  published_at: "",
  ...over,
});

async function createPost(over: Record<string, unknown> = {}) {
  const p = post(over);
  const { id } = await a.admin.call((c) => c.admin.cms.createPost(p as never));
  return { id, slug: p.slug };
}

describe("the preview procedures refuse members and visitors", () => {
  const calls: [string, (c: Caller) => Promise<unknown>][] = [
    ["investments.preview", (c) => c.admin.investments.preview({ id: 1 })],
    ["cms.postPreview", (c) => c.admin.cms.postPreview({ id: 1 })],
  ];
  for (const [name, fn] of calls) it(name, () => expectRefused(a, fn));

  it("even for an existing unpublished listing and a draft", async () => {
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ public: false }) as never));
    await expectRefused(a, (c) => c.admin.investments.preview({ id }));
    const draft = await createPost();
    await expectRefused(a, (c) => c.admin.cms.postPreview({ id: draft.id }));
  });
});

describe("admin.investments.preview", () => {
  it("gives an admin the full detail of an unpublished listing the public procedure hides", async () => {
    const v = validForm({ public: false, name: "プレビュー確認館" });
    const { id } = await a.admin.call((c) => c.admin.investments.create(v as never));
    const d = await a.admin.call((c) => c.admin.investments.preview({ id }));
    expect(d.locked).toBe(false);
    if (d.locked) return;
    expect(d).toMatchObject({ id, name: "プレビュー確認館", price: 12000, city_name: "大阪市北区" });
    expect(d.transports).toHaveLength(2);
    for (const who of [a.visitor, a.member, a.admin]) {
      expect((await errorOf(who.call((c) => c.public.investments.byId({ id })))).code).toBe("NOT_FOUND");
    }
  });

  it("answers NOT_FOUND for a listing that does not exist", async () => {
    expect((await errorOf(a.admin.call((c) => c.admin.investments.preview({ id: 99_999_999 })))).code).toBe("NOT_FOUND");
  });

  it("tells the banner the listing's real state: 公開中 for a published one, never 未公開", async () => {
    const state = async (over: Parameters<typeof validForm>[0], after?: (id: number) => Promise<unknown>) => {
      const { id } = await a.admin.call((c) => c.admin.investments.create(validForm(over) as never));
      if (after) await after(id);
      const d = await a.admin.call((c) => c.admin.investments.preview({ id }));
      return d.publication;
    };
    expect(await state({ public: true })).toEqual({ label: "公開中", live: true });
    expect(await state({ public: true, members: true })).toEqual({ label: "公開中（会員限定）", live: true });
    expect(await state({ public: false })).toEqual({ label: "非公開", live: false });
    const overdue = await state({ public: true }, (id) => s.db.update(investments).set({ not_updated_at: new Date() }).where(eq(investments.id, id)));
    expect(overdue).toEqual({ label: "掲載停止中（更新期限切れ）", live: false });
  });
});

describe("admin.cms.postPreview", () => {
  it("gives a draft in the public page's shape, with the live posts around its date as neighbours", async () => {
    const older = await createPost({ status: "published", published_at: "2020-01-01T10:00", title: "古い公開記事" });
    const draft = await createPost({ title: "まだ下書き" });
    const p = await a.admin.call((c) => c.admin.cms.postPreview({ id: draft.id }));
    expect(p).toMatchObject({ id: draft.id, slug: draft.slug, title: "まだ下書き", category: "beginner", category_name: expect.any(String) });
    expect(p.body_html).toContain("<h2>見出し</h2>");
    expect(p.excerpt).toContain("本文です");
    expect(p.published_at).toBeInstanceOf(Date);
    // The draft dates from now: the newest live post before it is its "prev"; no live post is newer.
    expect(p.prev).not.toBeNull();
    expect(p.next).toBeNull();
    // Its neighbours are live posts only: never another draft.
    const rows = await s.db.select({ slug: cms_posts.slug, status: cms_posts.status }).from(cms_posts).all();
    expect(rows.find((r) => r.slug === p.prev?.slug)?.status).toBe("published");
    const o = await a.admin.call((c) => c.admin.cms.postPreview({ id: older.id }));
    expect(o.next?.slug).not.toBe(draft.slug);
    // The public procedure still hides it, from everyone.
    for (const who of [a.visitor, a.member, a.admin]) {
      expect((await errorOf(who.call((c) => c.public.cms.post({ slug: draft.slug })))).code).toBe("NOT_FOUND");
    }
  });

  it("shows a scheduled post with its future date", async () => {
    const later = await createPost({ status: "scheduled", published_at: "2099-01-01T10:00", title: "予約記事" });
    const p = await a.admin.call((c) => c.admin.cms.postPreview({ id: later.id }));
    expect(p.title).toBe("予約記事");
    expect(p.published_at.toISOString()).toBe("2099-01-01T01:00:00.000Z");
    expect(p.next).toBeNull();
    expect((await errorOf(a.visitor.call((c) => c.public.cms.post({ slug: later.slug })))).code).toBe("NOT_FOUND");
  });

  it("tells the banner the post's real state: 下書き, 公開中, 公開予定", async () => {
    const stateOf = async (over: Record<string, unknown>) => {
      const { id } = await createPost(over);
      return (await a.admin.call((c) => c.admin.cms.postPreview({ id }))).publication;
    };
    expect(await stateOf({})).toEqual({ label: "下書き", live: false });
    expect(await stateOf({ status: "published", published_at: "2020-01-01T10:00" })).toEqual({ label: "公開中", live: true });
    expect(await stateOf({ status: "published" })).toEqual({ label: "公開中", live: true });
    expect(await stateOf({ status: "scheduled", published_at: "2099-01-01T10:00" })).toEqual({ label: "公開予定（2099/01/01 10:00）", live: false });
  });

  it("answers NOT_FOUND for a post that does not exist", async () => {
    expect((await errorOf(a.admin.call((c) => c.admin.cms.postPreview({ id: 99_999_999 })))).code).toBe("NOT_FOUND");
  });
});

describe("listing images for the preview", () => {
  const NAME = "0123456789abcdef0123456789abcdef";
  const viewer = async (who: "admin" | "member" | "visitor") => createContext({ db: s.db, headers: new Headers({ cookie: a[who].cookieHeader() }) });

  async function listingWithImage(over: Parameters<typeof validForm>[0]) {
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm(over) as never));
    await s.db.insert(investment_images).values({ investment_id: id, name: NAME, e_sort: 0 });
    return id;
  }

  it("an unpublished listing's photo: admins only, flagged preview-only; members and visitors get nothing", async () => {
    const id = await listingWithImage({ public: false });
    expect(await imageForViewer(s.db, await viewer("admin"), id, NAME)).toEqual({ members: false, previewOnly: true });
    expect(await imageForViewer(s.db, await viewer("member"), id, NAME)).toBeNull();
    expect(await imageForViewer(s.db, await viewer("visitor"), id, NAME)).toBeNull();
  });

  it("a published listing's photo is served as before (not preview-only), members-only ones not to visitors", async () => {
    const pub = await listingWithImage({ public: true });
    for (const who of ["admin", "member", "visitor"] as const) {
      expect(await imageForViewer(s.db, await viewer(who), pub, NAME)).toEqual({ members: false, previewOnly: false });
    }
    const members = await listingWithImage({ public: true });
    await s.db.update(investments).set({ members: true }).where(eq(investments.id, members));
    expect(await imageForViewer(s.db, await viewer("member"), members, NAME)).toEqual({ members: true, previewOnly: false });
    expect(await imageForViewer(s.db, await viewer("admin"), members, NAME)).toEqual({ members: true, previewOnly: false });
    expect(await imageForViewer(s.db, await viewer("visitor"), members, NAME)).toBeNull();
  });

  it("an unknown name is nothing, even for an admin", async () => {
    const id = await listingWithImage({ public: false });
    expect(await imageForViewer(s.db, await viewer("admin"), id, "ffffffffffffffffffffffffffffffff")).toBeNull();
  });
});
