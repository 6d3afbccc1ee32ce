import { SearchEntryPage } from "@/components/search/entry-page";
import { FeatureSearchForm } from "@/components/search/feature-search-form";
import { MetricFields } from "@/components/search/metric-fields";
import { pageMetadata } from "@/components/seo/metadata";
import { parseSearchParams, toSearchParams } from "@/schemas/search";
import { api } from "@/trpc/server";

export const metadata = pageMetadata({
  title: "こだわり条件から探す",
  description: "物件種別・建物構造・価格・表面利回り・駅徒歩・築年数・残存耐用年数など、投資判断に欠かせない条件から収益物件を探せます。",
  path: "/investments/search/feature",
});

/** /investments/search/feature: types, structures, features and ranges → the list. */
export default async function FeatureSearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const facets = await api.public.investments.facets.feature();
  // Opened from a list ("こだわり条件から探す" beside it): its conditions come along.
  const raw = await searchParams;
  const initial = toSearchParams(parseSearchParams(raw)).toString();
  return (
    <SearchEntryPage
      raw={raw}
      path="/investments/search/feature"
      title="こだわり条件から探す"
      lead="物件種別や価格・利回りなど、ご希望の条件を選んで「この条件で検索」を押してください。"
    >
      <FeatureSearchForm facets={facets} initial={initial} metrics={<MetricFields init={new URLSearchParams(initial)} idPrefix="feature-metric" />} />
    </SearchEntryPage>
  );
}
