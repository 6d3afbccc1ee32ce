import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InvestmentDetailView } from "@/components/investment/investment-detail";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "物件プレビュー" };

/** The public detail page as it will look, for any listing (published or not); admins only. */
export default async function InvestmentPreviewPage({ params }: { params: Promise<{ id: string }> }) {
  await requireAdmin();
  const { id } = await params;
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  const detail = await api.admin.investments.preview({ id: Number(id) }).catch(() => null);
  if (!detail || detail.locked) notFound();
  return (
    <div className="grid gap-4">
      <p role="note" className="rounded-md border border-gold-300 bg-gold-50 px-4 py-2 text-sm">
        プレビュー：公開ページでの表示を確認できます（公開状態にかかわらず表示しています）。
      </p>
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <InvestmentDetailView detail={detail} now={new Date()} mapsKey={env().GOOGLE_MAPS_API_KEY} bookmark={null} />
      </div>
    </div>
  );
}
