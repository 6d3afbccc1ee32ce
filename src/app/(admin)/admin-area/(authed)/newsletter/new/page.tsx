import type { Metadata } from "next";
import Link from "next/link";
import { api } from "@/trpc/server";
import { adminPage } from "../../_lib/page-guard";
import { NewsletterEditor } from "../_components/newsletter-editor";

export const metadata: Metadata = { title: "メール配信の作成" };

export default async function NewNewsletterPage() {
  const base = await adminPage();
  const me = await api.admin.account.info();
  return (
    <div className="grid gap-6">
      <Link href={`${base}/newsletter`} className="text-sm underline underline-offset-2">
        ← メール配信管理
      </Link>
      <h1 className="text-xl font-bold">メール配信の作成</h1>
      <NewsletterEditor base={base} testTo={me.email} />
    </div>
  );
}
