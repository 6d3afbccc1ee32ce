import Link from "next/link";
import { AdminNav } from "@/components/admin/admin-nav";
import { AdminLogoutButton } from "@/components/admin/logout-button";
import { env } from "@/server/env";
import { requireAdmin } from "@/app/_lib/page-guards";

/** Logged-in admin frame: header システム管理 with the spec's links. The session is checked here and in every procedure. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const base = env().ADMIN_BASE_PATH;
  // The pages redirect a session held for a password change; the layout lets the change page through.
  await requireAdmin({ passwordChangePage: true });
  const links = [
    { href: base, label: "管理トップ" },
    { href: `${base}/accounts`, label: "会員管理" },
    { href: `${base}/investments`, label: "物件管理" },
    { href: `${base}/cms`, label: "CMS" },
    { href: `${base}/contacts`, label: "お問い合わせ" },
    { href: `${base}/newsletter`, label: "メール配信" },
    { href: `${base}/queues`, label: "ジョブキュー" },
    { href: `${base}/staff`, label: "スタッフ" },
    { href: `${base}/password`, label: "パスワード変更" },
    { href: `${base}/options`, label: "サイト設定" },
    { href: `${base}/api-docs`, label: "API仕様" },
  ];
  return (
    <>
      <header className="bg-primary text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link href={base} className="text-lg font-bold">
            システム管理
          </Link>
          <AdminNav links={links} home={base} />
          <div className="ml-auto md:ml-0">
            <AdminLogoutButton loginPath={`${base}/login`} />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</main>
    </>
  );
}
