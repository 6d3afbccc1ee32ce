import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findProhibitedWord, KIYAKU_ART18_WORDS, PROHIBITED_WORDS, SPEC_PROHIBITED_WORDS } from "@/lib/constants/prohibited-words";
import { cms_pages, cms_posts, site_options } from "@/server/db/schema";
import { handleAccountsCsv } from "@/server/routes/accounts-csv";
import { csvCell } from "@/lib/csv";
import { getSiteCounts, holidayNoteOf, readOptions } from "@/server/options/counts";
import { SEED_PROHIBITED_WORDS } from "@/seed/text";
import { errorOf, useAccountSuite, type Caller } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { actors, expectRefused, type Actors } from "./helpers";

/** CMS, site options, the dashboard, the CSV export and the prohibited-word list (issue 8). */
const s = useAccountSuite({ mail: false });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const post = (over: Record<string, unknown> = {}) => ({
  title: "利回りの考え方",
  slug: `yield-${crypto.randomUUID().slice(0, 8)}`,
  category: "beginner",
  cover_image: "",
  excerpt: "",
  body_md: "## 表面利回り\n\n年間賃料÷価格です。<script>alert(1)</script>",
  status: "published",
  published_at: "",
  ...over,
});

describe("every CMS / options procedure refuses members and visitors", () => {
  const calls: [string, (c: Caller) => Promise<unknown>][] = [
    ["cms.posts", (c) => c.admin.cms.posts({ page: 1 })],
    ["cms.post", (c) => c.admin.cms.post({ id: 1 })],
    ["cms.createPost", (c) => c.admin.cms.createPost(post() as never)],
    ["cms.updatePost", (c) => c.admin.cms.updatePost({ id: 1, ...post() } as never)],
    ["cms.removePost", (c) => c.admin.cms.removePost({ id: 1 })],
    ["cms.preview", (c) => c.admin.cms.preview({ body_md: "x" })],
    ["cms.pages", (c) => c.admin.cms.pages()],
    ["cms.page", (c) => c.admin.cms.page({ key: "faq" })],
    ["cms.savePage", (c) => c.admin.cms.savePage({ key: "faq", title: "x", body_md: "" })],
    ["options.get", (c) => c.admin.options.get()],
    ["options.save", (c) => c.admin.options.save({ counts_override: { members: null, investment: { members: null, public: null } }, holiday_note: "" })],
    ["options.dashboard", (c) => c.admin.options.dashboard()],
  ];
  for (const [name, fn] of calls) it(name, () => expectRefused(a, fn));
});

describe("blog posts", () => {
  it("creates a published post with sanitised HTML, an excerpt, and a live public page", async () => {
    const p = post();
    const { id } = await a.admin.call((c) => c.admin.cms.createPost(p as never));
    const row = await s.db.select().from(cms_posts).where(eq(cms_posts.id, id)).get();
    expect(row?.body_html).toContain("<h2>表面利回り</h2>");
    expect(row?.body_html).not.toContain("<script>");
    expect(row?.body_html).toContain("&lt;script&gt;");
    expect(row?.excerpt).toContain("年間賃料");
    expect(row?.published_at).toBeInstanceOf(Date);
    const pub = await a.visitor.call((c) => c.public.cms.post({ slug: p.slug }));
    expect(pub.title).toBe("利回りの考え方");
  });

  it("a draft and a scheduled post stay off the public site; scheduling needs a future date", async () => {
    const draft = post({ status: "draft" });
    await a.admin.call((c) => c.admin.cms.createPost(draft as never));
    expect((await errorOf(a.visitor.call((c) => c.public.cms.post({ slug: draft.slug })))).code).toBe("NOT_FOUND");
    expect((await errorOf(a.admin.call((c) => c.admin.cms.createPost(post({ status: "scheduled" }) as never)))).fieldErrors).toEqual({
      published_at: ["予約公開には公開日時を入力してください"],
    });
    expect(
      (await errorOf(a.admin.call((c) => c.admin.cms.createPost(post({ status: "scheduled", published_at: "2000-01-01T10:00" }) as never)))).fieldErrors,
    ).toEqual({
      published_at: ["予約公開の日時は現在より後にしてください"],
    });
    const later = post({ status: "scheduled", published_at: "2099-01-01T10:00" });
    await a.admin.call((c) => c.admin.cms.createPost(later as never));
    expect((await errorOf(a.visitor.call((c) => c.public.cms.post({ slug: later.slug })))).code).toBe("NOT_FOUND");
  });

  it("slugs are unique and well-formed; update, list, preview and delete", async () => {
    const p = post();
    const { id } = await a.admin.call((c) => c.admin.cms.createPost(p as never));
    expect((await errorOf(a.admin.call((c) => c.admin.cms.createPost(post({ slug: p.slug }) as never)))).fieldErrors).toEqual({
      slug: ["このスラッグは既に使われています"],
    });
    expect((await errorOf(a.admin.call((c) => c.admin.cms.createPost(post({ slug: "日本語" }) as never)))).fieldErrors).toEqual({
      slug: ["スラッグは半角英小文字・数字・ハイフンで入力してください"],
    });
    await a.admin.call((c) => c.admin.cms.updatePost({ id, ...p, title: "改題" } as never));
    expect((await a.admin.call((c) => c.admin.cms.post({ id }))).title).toBe("改題");
    const list = await a.admin.call((c) => c.admin.cms.posts({ q: "改題", page: 1 }));
    expect(list.items.map((i) => i.id)).toEqual([id]);
    expect((await a.admin.call((c) => c.admin.cms.preview({ body_md: "### 小見出し" }))).html).toBe("<h3>小見出し</h3>");
    await a.admin.call((c) => c.admin.cms.removePost({ id }));
    expect((await errorOf(a.admin.call((c) => c.admin.cms.post({ id })))).code).toBe("NOT_FOUND");
  });
});

describe("content pages", () => {
  it("saves prose and a validated structured list", async () => {
    const items = [{ q: "手数料は？", a: "物件価格の3%+6万円（税別）です。" }];
    await a.admin.call((c) => c.admin.cms.savePage({ key: "faq", title: "よくあるご質問", body_md: "## はじめに", data_json: JSON.stringify(items) }));
    const row = await s.db.select().from(cms_pages).where(eq(cms_pages.key, "faq")).get();
    expect(row?.body_html).toBe("<h2>はじめに</h2>");
    expect(row?.data).toEqual({ items });
    const page = await a.admin.call((c) => c.admin.cms.page({ key: "faq" }));
    expect(JSON.parse(page.data_json)).toEqual(items);
    expect((await a.visitor.call((c) => c.public.cms.page({ key: "faq" }))).title).toBe("よくあるご質問");
    const bad = await errorOf(a.admin.call((c) => c.admin.cms.savePage({ key: "faq", title: "x", body_md: "", data_json: '[{"q":""}]' })));
    expect(bad.fieldErrors?.data_json?.[0]).toContain("1件目が正しくありません");
    expect((await errorOf(a.admin.call((c) => c.admin.cms.savePage({ key: "staff", title: "x", body_md: "", data_json: "{oops" })))).fieldErrors).toEqual({
      data_json: ["構造化データ（JSON）の形式が正しくありません"],
    });
  });
});

describe("site options (POST /api/admin/options) and the dashboard", () => {
  it("stores the counts override and the holiday note; the public counts follow", async () => {
    const before = await a.visitor.call((c) => c.public.options.get());
    await a.admin.call((c) =>
      c.admin.options.save({
        counts_override: { members: "１２３４", investment: { members: null, public: "" } } as never,
        holiday_note: "年末年始は休業します",
      }),
    );
    const after = await a.visitor.call((c) => c.public.options.get());
    expect(after.members).toBe(1234);
    expect(after.investment).toEqual(before.investment);
    const o = await a.admin.call((c) => c.admin.options.get());
    expect(o).toMatchObject({ holiday_note: "年末年始は休業します", counts_override: { members: 1234, investment: { members: null, public: null } } });
    expect((await s.db.select().from(site_options).where(eq(site_options.key, "holiday_note")).get())?.value).toBe("年末年始は休業します");
    // The chrome's path: the note and the counts (override applied) from one read of every option.
    expect(await a.visitor.call((c) => c.public.options.holidayNote())).toBe("年末年始は休業します");
    const options = await readOptions(s.db);
    expect(holidayNoteOf(options)).toBe("年末年始は休業します");
    expect(await getSiteCounts(s.db, options)).toEqual({ ...before, members: 1234 });
    expect(
      (
        await errorOf(
          a.admin.call((c) =>
            c.admin.options.save({ counts_override: { members: "-1", investment: { members: null, public: null } } as never, holiday_note: "" }),
          ),
        )
      ).code,
    ).toBe("BAD_REQUEST");
  });

  it("the dashboard counts today's members and gives 12 weekly bars", async () => {
    await createUser(s.db);
    const d = await a.admin.call((c) => c.admin.options.dashboard());
    expect(d.today.newMembers).toBeGreaterThan(0);
    expect(d.members).toHaveLength(12);
    expect(d.inquiries).toHaveLength(12);
    expect(d.members.at(-1)!.count).toBeGreaterThan(0);
    expect(d.byArea).toHaveLength(9);
    expect(d.byType).toHaveLength(7);
  });
});

describe("CSV export of the member search", () => {
  it("gives UTF-8 with a BOM for admins, only the searched members, formula cells neutralised; 404 for others", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    await createUser(s.db, { email: `csv-${tag}@example.com`, last_name: "=HYPERLINK(1)", first_name: "太郎" });
    await createUser(s.db, { email: `other-${tag}@example.com` });
    const req = (cookie: string, qs: string) => new Request(`http://localhost:3000/api/admin/accounts/csv?${qs}`, { headers: { cookie } });
    const res = await handleAccountsCsv(s.db, req(a.admin.cookieHeader(), `email=csv-${tag}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("メールアドレス");
    expect(lines[1]).toContain(`csv-${tag}@example.com`);
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    expect((await handleAccountsCsv(s.db, req(a.member.cookieHeader(), ""))).status).toBe(404);
    expect((await handleAccountsCsv(s.db, req("", ""))).status).toBe(404);
    expect(csvCell('a"b,c')).toBe('"a""b,c"');
  });
});

describe("prohibited words", () => {
  it("holds the spec's list and the 35 特定用語 of 表示規約 Art. 18, shared with the seed", () => {
    expect(SPEC_PROHIBITED_WORDS).toHaveLength(34);
    expect(KIYAKU_ART18_WORDS).toHaveLength(35);
    for (const w of [...SPEC_PROHIBITED_WORDS, ...KIYAKU_ART18_WORDS]) expect(PROHIBITED_WORDS).toContain(w);
    expect(SEED_PROHIBITED_WORDS).toBe(PROHIBITED_WORDS);
  });

  it("names the word found, longest first, after NFKC; ordinary compounds pass", () => {
    expect(findProhibitedWord("最高級の仕上げ")).toBe("最高級");
    expect(findProhibitedWord("ｹﾞｷﾔｽ")).toBeNull();
    expect(findProhibitedWord("今だけ特別")).toBe("今だけ");
    expect(findProhibitedWord("月極駐車場あり、積極的にご検討を")).toBeNull();
    expect(findProhibitedWord("築30年超えの超高層")).toBeNull();
    expect(findProhibitedWord("超お得")).toBe("超");
    expect(findProhibitedWord("極上の立地")).toBe("極");
    expect(findProhibitedWord("梅田駅徒歩5分")).toBeNull();
    for (const w of PROHIBITED_WORDS) expect(findProhibitedWord(`物件${w}です`)).toBe(w);
  });
});

describe("Markdown rendering for posts", () => {
  it("renders Markdown and strips anything unsafe", async () => {
    const { renderMarkdown } = await import("@/server/cms/editor");
    const html = renderMarkdown(
      "## 見出し\n\n**太字** と [リンク](https://example.com) <script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))",
    );
    expect(html).toContain("<h2>見出し</h2>");
    expect(html).toContain("<strong>太字</strong>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">リンク</a>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });
});
