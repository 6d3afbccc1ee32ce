import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
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
  const raw = await searchParams;
  // The header's keyword form also submits without JavaScript (before hydration): an empty
  // keyword then arrives as ?fw= and, like every empty query, belongs on the plain list (spec §2).
  const keys = Object.keys(raw);
  if (page === 1 && keys.length > 0 && keys.every((k) => [raw[k]].flat().every((v) => !v?.trim()))) redirect("/investments");
  // The side panel's range form (a plain GET form) also submits the fields left blank: drop them from the URL.
  const blank = (k: string) => [raw[k]].flat().every((v) => !v?.trim());
  if (keys.some(blank)) {
    const qs = new URLSearchParams();
    for (const k of keys) if (!blank(k)) for (const v of [raw[k]].flat()) if (v?.trim()) qs.append(k, v);
    redirect(`/investments/page/${page}/?${qs.toString()}`);
  }
  return <InvestmentListPage page={page} raw={raw} />;
}
