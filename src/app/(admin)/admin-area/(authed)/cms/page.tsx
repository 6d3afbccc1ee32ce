import type { Metadata } from "next";
import Link from "next/link";
import { AdminPager } from "@/components/admin/pager";
import { CMS_PAGE_KEYS, CMS_PAGE_NAMES, POST_STATUSES } from "@/schemas/admin/cms";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { categoryName } from "@/server/services/cms/categories";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "CMS" };

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const statusName = (k: string) => POST_STATUSES.find((s) => s.key === k)?.name ?? k;

export default async function AdminCmsPage({ searchParams }: { searchParams: Promise<SP> }) {
  await requireAdmin();
  const sp = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  const [posts, pages] = await Promise.all([
    api.admin.cms.posts({ status: one(sp.status) || undefined, q: one(sp.q) || undefined, page: Number(one(sp.page)) || 1 } as never),
    api.admin.cms.pages(),
  ]);
  const pageUpdated = new Map(pages.map((p) => [p.key, p.updated_at]));
  const href = (n: number) => `${base}/cms?${new URLSearchParams({ ...(one(sp.status) ? { status: one(sp.status) } : {}), ...(one(sp.q) ? { q: one(sp.q) } : {}), page: String(n) })}`;
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">CMS</h1>
        <div className="flex items-center gap-3 text-sm">
          <Link href={`${base}/options`} className="underline">
            サイト設定
          </Link>
          <Link href={`${base}/cms/posts/new`} className="rounded-md bg-gold px-4 py-2 font-bold text-white">
            記事を作成
          </Link>
        </div>
      </div>
      <section className="grid gap-3" aria-labelledby="posts-title">
        <h2 id="posts-title" className="font-bold">
          ブログ記事
        </h2>
        <form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 text-sm shadow-sm">
          <label className="grid gap-1">
            キーワード
            <input name="q" defaultValue={one(sp.q)} className="h-9 rounded-md border border-border px-2" />
          </label>
          <label className="grid gap-1">
            公開状態
            <select name="status" defaultValue={one(sp.status)} className="h-9 rounded-md border border-border px-2">
              <option value="">すべて</option>
              {POST_STATUSES.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="h-9 rounded-md bg-primary px-4 font-bold text-white">
            絞り込む
          </button>
        </form>
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-sm">
            <thead className="bg-primary-50 text-left">
              <tr>
                <th className="px-3 py-2">タイトル</th>
                <th className="px-3 py-2">カテゴリ</th>
                <th className="px-3 py-2">状態</th>
                <th className="px-3 py-2">公開日時</th>
                <th className="px-3 py-2">更新</th>
              </tr>
            </thead>
            <tbody>
              {posts.items.map((p) => (
                <tr key={p.id} className="border-t border-border">
                  <td className="px-3 py-2">
                    <Link href={`${base}/cms/posts/${p.id}`} className="font-bold underline underline-offset-2">
                      {p.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground">/blogs/{p.slug}</span>
                  </td>
                  <td className="px-3 py-2">{categoryName(p.category)}</td>
                  <td className="px-3 py-2">{statusName(p.status)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{p.published_at ? dateFmt.format(p.published_at) : "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{dateFmt.format(p.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AdminPager page={posts.page} last={posts.last} href={href} />
      </section>
      <section className="grid gap-3" aria-labelledby="pages-title">
        <h2 id="pages-title" className="font-bold">
          固定ページ
        </h2>
        <ul className="grid gap-2 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-3">
          {CMS_PAGE_KEYS.map((k) => (
            <li key={k}>
              <Link href={`${base}/cms/pages/${k}`} className="font-bold underline underline-offset-2">
                {CMS_PAGE_NAMES[k]}
              </Link>
              <span className="ml-2 text-xs text-muted-foreground">/{k}</span>
              <span className="block text-xs text-muted-foreground">{pageUpdated.get(k) ? `更新 ${dateFmt.format(pageUpdated.get(k)!)}` : "未作成"}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
