import type { Metadata } from "next";
import Link from "next/link";
import { MapPreview } from "@/components/map/map-preview";
import { MapSearch } from "@/components/map/map-search";
import {
  bboxAround,
  boundsOf,
  fitView,
  mapHref,
  parseMapView,
  PREVIEW_BOX,
  PREVIEW_REACH,
  RESULTS_PROBE_BBOX,
  RESULTS_PROBE_ZOOM,
  type FitBounds,
  type MapViewParam,
} from "@/components/map/map-view-param";
import { describeNames, queryChips, queryParams } from "@/components/search/query-links";
import { SaveFilterButton } from "@/components/search/save-filter-button";
import { SearchDialog } from "@/components/search/search-dialog";
import { SearchSummary } from "@/components/search/search-summary";
import { MAP_RESULTS } from "@/components/search/results-href";
import { pageMetadata } from "@/components/seo/metadata";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { isEmptyQuery, parseSearchParams, type SearchQuery } from "@/schemas/search";
import { env } from "@/server/env";
import { api } from "@/trpc/server";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = pageMetadata({
  title: "地図で探す",
  description: "大阪・兵庫・京都の収益物件を地図から探せます。地図を動かすと、表示範囲の物件と件数が一覧に出ます。",
  path: "/investments/map",
});

/** The conditions of the map (the list page's parameters; page is the list's own). */
function conditionsOf(raw: Record<string, string | string[] | undefined>): SearchQuery {
  const { page: _page, ...query } = parseSearchParams(raw);
  return query;
}

/**
 * A search opened on the map without a view of its own (c, z: a shared link, the way back from a
 * search page) opens on its results, not on Osaka (issue 30): the bounds of the clusters one
 * viewport over all of Kansai gives for these conditions. Null (Kansai) without conditions or results.
 */
async function resultsBounds(raw: Record<string, string | string[] | undefined>, query: SearchQuery, params: URLSearchParams): Promise<FitBounds | null> {
  if (raw.c !== undefined || raw.z !== undefined || isEmptyQuery(query)) return null;
  try {
    const probe = await api.public.map.view({
      ...Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k)])),
      bbox: RESULTS_PROBE_BBOX,
      zoom: RESULTS_PROBE_ZOOM,
    });
    return boundsOf([...probe.clusters, ...probe.markers]);
  } catch {
    return null; // the map still opens, on Kansai
  }
}

/**
 * The first view drawn on the server (issue 31): the pins over PREVIEW_REACH around the centre, and the
 * count and cards of PREVIEW_BOX (a phone's map), labelled この付近 until the map answers for its own box.
 * Null when the API fails: the map then loads as before.
 */
async function previewOf(view: MapViewParam, params: URLSearchParams) {
  const conditions = Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k)]));
  try {
    const [pins, list] = await Promise.all([
      api.public.map.view({ ...conditions, bbox: bboxAround(view, PREVIEW_REACH), zoom: view.zoom }),
      api.public.map.view({ ...conditions, bbox: bboxAround(view, PREVIEW_BOX), zoom: view.zoom }),
    ]);
    return { pins, list };
  } catch {
    return null;
  }
}

/**
 * /investments/map (issue 19): the map of the listings the viewer may see,
 * with every search parameter of the list page; the URL holds the view
 * (c=lat,lng, z) and the conditions. The map and its library load only here
 * (components/map/map-search.tsx).
 */
export default async function InvestmentMapPage({ searchParams }: Props) {
  const raw = await searchParams;
  const query = conditionsOf(raw);
  const params = queryParams(query);
  const [session, counts, names, fit] = await Promise.all([
    api.public.session.state(),
    api.public.options.get().catch(() => undefined),
    query.sl || query.st || query.rg
      ? api.public.investments.railwayNames({ sl: query.sl, st: query.st, rg: query.rg }).then(describeNames)
      : Promise.resolve({}),
    resultsBounds(raw, query, params),
  ]);
  // a search without a view of its own opens on its results, fitted here to a phone's map
  const view = fit ? fitView(fit) : parseMapView(raw);
  const preview = await previewOf(view, params);
  // a chip's link drops its condition and stays on the map, at this view
  const chips = queryChips(query, names).map((c) => ({ ...c, removeHref: mapHref(view, c.removeHref.split("?")[1] ?? "") }));
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION, HAZARD_TILE_BASE_URL } = env();
  return (
    <div data-slot="investment-map-page">
      <div className="border-b border-border bg-muted/70">
        <div className="mx-auto max-w-7xl px-4 pt-3 sm:px-5">
          <Breadcrumbs items={[{ name: "物件一覧", path: "/investments" }, { name: "地図で探す" }]} />
        </div>
        <header className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pb-4 pt-3 sm:px-5 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-[0.3em] text-gold-700" aria-hidden="true">
              MAP
            </p>
            <h1 className="mt-1 text-xl font-bold leading-snug tracking-wider md:text-2xl">地図で探す</h1>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Link
              href={params.size ? `/investments/page/1?${params}` : "/investments"}
              className="text-sm font-bold text-primary-700 underline-offset-4 hover:underline"
              data-slot="map-to-list"
            >
              一覧で見る
            </Link>
            <SearchDialog
              session={session}
              counts={counts}
              label="条件を変更・物件を探す"
              triggerClassName="w-full md:w-auto"
              results={MAP_RESULTS /* its searches stay on the map, at the view moved to */}
            />
          </div>
        </header>
      </div>
      <div className="mx-auto grid max-w-7xl gap-3 px-4 pt-4 sm:px-5">
        <SearchSummary chips={chips} />
        {chips.length > 0 && <SaveFilterButton isLogin={session.isLogin} query={query} filterParam={raw.filter} className="justify-end" />}
      </div>
      <MapSearch
        tileUrl={MAP_TILE_URL}
        attribution={MAP_TILE_ATTRIBUTION}
        view={view}
        preview={
          preview && {
            node: (
              <MapPreview
                tileUrl={MAP_TILE_URL}
                attribution={MAP_TILE_ATTRIBUTION}
                view={view}
                clusters={preview.pins.clusters}
                markers={preview.pins.markers}
              />
            ),
            data: preview.list,
          }
        }
        conditions={params.toString()}
        member={session.isLogin}
        hazardBase={HAZARD_TILE_BASE_URL}
      />
    </div>
  );
}
