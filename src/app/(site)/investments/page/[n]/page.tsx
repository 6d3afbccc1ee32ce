import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InvestmentListPage, listMetadata, pageNumber, type RawParams } from "../../_list/list-page";

type Props = { params: Promise<{ n: string }>; searchParams: Promise<RawParams> };

/** /investments/page/{n}/?{query}: page n of a search (n ≥ 1; anything else is not found). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = pageNumber((await params).n);
  if (page === null) return {};
  return listMetadata(page, await searchParams);
}

export default async function InvestmentsPagedPage({ params, searchParams }: Props) {
  const page = pageNumber((await params).n);
  if (page === null) notFound();
  return <InvestmentListPage page={page} raw={await searchParams} />;
}
