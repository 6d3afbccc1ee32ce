import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { InvestmentDetailPageBody } from "@/components/investment/investment-detail-page";
import { requireAdmin } from "@/app/_lib/page-guards";
import { PreviewBanner } from "../../_components/preview-banner";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

type Props = { params: Promise<{ id: string }> };

const ID_PATTERN = /^[1-9]\d{0,14}$/;

/** One load per request (metadata and page); missing, or not an admin → null (the procedure decides). */
const load = cache(async (id: string) => {
  if (!ID_PATTERN.test(id)) return null;
  try {
    const d = await api.admin.investments.preview({ id: Number(id) });
    return d.locked ? null : d;
  } catch (e) {
    if (e instanceof TRPCError) return null;
    throw e;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const d = await load((await params).id);
  return d ? { title: `プレビュー：${d.name}` } : {};
}

/**
 * A listing's public detail page as it will look once published, whatever its
 * state (非公開, 会員限定, 更新期限切れ); admins only, everyone else 404.
 */
export default async function InvestmentPreviewPage({ params }: Props) {
  await requireAdmin({ otherwise: "not-found" });
  const d = await load((await params).id);
  if (!d) notFound();
  // An admin has no favourites on the public page either.
  return (
    <>
      <PreviewBanner label={d.publication.label} live={d.publication.live} />
      <InvestmentDetailPageBody detail={d} mapsKey={env().GOOGLE_MAPS_API_KEY || undefined} bookmark={null} preview />
    </>
  );
}
