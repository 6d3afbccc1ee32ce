import { SearchEntryPage } from "@/components/search/entry-page";
import { TrainSearchForm } from "@/components/search/train-search-form";
import { pageMetadata } from "@/components/seo/metadata";
import { parseSearchParams, toSearchParams } from "@/schemas/search";
import { api } from "@/trpc/server";

export const metadata = pageMetadata({
  title: "路線・駅から探す",
  description: "大阪・兵庫・京都の収益物件を鉄道会社・路線・駅から探せます。複数の駅をまとめて選び、駅ごとの掲載件数を確認しながら検索できます。",
  path: "/investments/search/train",
});

/** /investments/search/train: operators → lines → stations with live counts; several stations at once. */
export default async function TrainSearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const facets = await api.public.investments.facets.train();
  // Opened from a list (its tab, the header, the search dialog): its conditions come along (issue 30).
  const raw = await searchParams;
  const initial = toSearchParams(parseSearchParams(raw)).toString();
  return (
    <SearchEntryPage
      raw={raw}
      path="/investments/search/train"
      title="路線・駅から探す"
      lead="路線を開いて駅を選んでください。複数の路線・駅をまとめて選べます。（物件のある路線・駅のみ表示しています）"
    >
      <TrainSearchForm facets={facets} initial={initial} />
    </SearchEntryPage>
  );
}
