import { AreaSearchForm } from "@/components/search/area-search-form";
import { SearchEntryPage } from "@/components/search/entry-page";
import { pageMetadata } from "@/components/seo/metadata";
import { isEmptyQuery, parseSearchParams, toSearchParams } from "@/schemas/search";
import { api } from "@/trpc/server";

export const metadata = pageMetadata({
  title: "エリアから探す",
  description: "大阪・兵庫・京都の収益物件をエリア・市区町村から探せます。市区町村ごとの掲載件数を確認しながら、複数の地域をまとめて検索できます。",
  path: "/investments/search/area",
});

/** /investments/search/area: areas → municipalities with live counts. */
export default async function AreaSearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Opened from a list ("エリアから探す" beside it): its conditions come along, and the count
  // beside each area and city is for them (issue 30).
  const raw = await searchParams;
  const query = parseSearchParams(raw);
  const facets = await api.public.investments.facets.area(isEmptyQuery(query) ? undefined : { query });
  const initial = toSearchParams(query).toString();
  return (
    <SearchEntryPage
      raw={raw}
      path="/investments/search/area"
      title="エリアから探す"
      lead="市区町村を選んで「この条件で検索」を押してください。エリア名のチェックで、そのエリアの市区町村をまとめて選べます。"
    >
      <AreaSearchForm facets={facets} initial={initial} />
    </SearchEntryPage>
  );
}
