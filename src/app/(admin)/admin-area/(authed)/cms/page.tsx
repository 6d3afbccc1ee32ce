import type { Metadata } from "next";
import Link from "next/link";
import { AdminDataTable, RecordLink, type AdminColumn } from "@/components/admin/data-table";
import { AdminFilterBar, firstParam as one, type FilterField, type SearchParams } from "@/components/admin/filter-bar";
import { AdminPageShell } from "@/components/admin/page-header";
import { AdminPager } from "@/components/admin/pager";
import { CMS_PAGE_KEYS, CMS_PAGE_NAMES, POST_STATUSES } from "@/schemas/admin/cms";
import { categoryName } from "@/lib/constants/post-categories";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "CMS" };

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const statusName = (k: string) => POST_STATUSES.find((s) => s.key === k)?.name ?? k;

const POST_FILTERS: readonly FilterField[] = [
  { kind: "text", name: "q", label: "キーワード" },
  { kind: "select", name: "status", label: "公開状態", options: POST_STATUSES.map((s) => ({ value: s.key, label: s.name })) },
];

export default async function AdminCmsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const base = await adminPage();
  const sp = await searchParams;
  const [posts, pages] = await Promise.all([
    api.admin.cms.posts({ status: one(sp.status) || undefined, q: one(sp.q) || undefined, page: Number(one(sp.page)) || 1 } as never),
    api.admin.cms.pages(),
  ]);
  const pageUpdated = new Map(pages.map((p) => [p.key, p.updated_at]));
  const href = (n: number) =>
    `${base}/cms?${new URLSearchParams({ ...(one(sp.status) ? { status: one(sp.status) } : {}), ...(one(sp.q) ? { q: one(sp.q) } : {}), page: String(n) })}`;
  const columns: AdminColumn<(typeof posts.items)[number]>[] = [
    {
      key: "title",
      header: "タイトル",
      cell: (p) => (
        <>
          <RecordLink href={`${base}/cms/posts/${p.id}`}>{p.title}</RecordLink>
          <span className="block text-xs text-muted-foreground">/blogs/{p.slug}</span>
        </>
      ),
    },
    { key: "category", header: "カテゴリ", cell: (p) => categoryName(p.category) },
    { key: "status", header: "状態", cell: (p) => statusName(p.status) },
    { key: "published_at", header: "公開日時", cellClassName: "whitespace-nowrap", cell: (p) => (p.published_at ? dateFmt.format(p.published_at) : "—") },
    { key: "updated_at", header: "更新", cellClassName: "whitespace-nowrap", cell: (p) => dateFmt.format(p.updated_at) },
  ];
  return (
    <AdminPageShell
      title="CMS"
      className="gap-8"
      actions={
        <div className="flex items-center gap-3 text-sm">
          <Link href={`${base}/options`} className="underline">
            サイト設定
          </Link>
          <Link href={`${base}/cms/posts/new`} className="rounded-md bg-gold px-4 py-2 font-bold text-primary-950 hover:bg-gold-400">
            記事を作成
          </Link>
        </div>
      }
    >
      <section className="grid gap-3" aria-labelledby="posts-title">
        <h2 id="posts-title" className="font-bold">
          ブログ記事
        </h2>
        <AdminFilterBar fields={POST_FILTERS} values={sp} layout="inline" submitLabel="絞り込む" />
        <AdminDataTable columns={columns} rows={posts.items} rowKey={(p) => p.id} />
        <AdminPager page={posts.page} last={posts.last} href={href} />
      </section>
      <section className="grid gap-3" aria-labelledby="pages-title">
        <h2 id="pages-title" className="font-bold">
          固定ページ
        </h2>
        <ul className="grid gap-2 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-3">
          {CMS_PAGE_KEYS.map((k) => (
            <li key={k}>
              <RecordLink href={`${base}/cms/pages/${k}`}>{CMS_PAGE_NAMES[k]}</RecordLink>
              <span className="ml-2 text-xs text-muted-foreground">/{k}</span>
              <span className="block text-xs text-muted-foreground">{pageUpdated.get(k) ? `更新 ${dateFmt.format(pageUpdated.get(k)!)}` : "未作成"}</span>
            </li>
          ))}
        </ul>
      </section>
    </AdminPageShell>
  );
}
