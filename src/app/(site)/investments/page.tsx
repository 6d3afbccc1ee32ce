import type { Metadata } from "next";
import { InvestmentListPage, listMetadata, pageNumber, type RawParams } from "./_list/list-page";

type Props = { searchParams: Promise<RawParams> };

/** /investments: every listing (page 1; a ?page= parameter is honoured for old links). */
function pageOf(raw: RawParams): number {
  const p = Array.isArray(raw.page) ? raw.page[0] : raw.page;
  return pageNumber(p) ?? 1;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const raw = await searchParams;
  return listMetadata(pageOf(raw), raw);
}

export default async function InvestmentsPage({ searchParams }: Props) {
  const raw = await searchParams;
  return <InvestmentListPage page={pageOf(raw)} raw={raw} />;
}
