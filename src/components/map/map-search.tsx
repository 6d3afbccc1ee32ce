"use client";

import type * as Leaflet from "leaflet";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { InvestmentCard, type InvestmentCardData } from "@/components/investment/investment-card";
import { cn } from "@/lib/cn";
import { clusterDiameter, markerDiameter } from "@/lib/map-icons";
import { formatPrice, withCommas } from "@/lib/price";
import { CLUSTER_CLASS, clusterTone, PIN_CLASS, pinPrice, pinTone } from "./map-pins";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { MemberCashFlowNote, showsMemberCashFlow } from "@/components/investment/member-cf-note";
import { attachHazardButton } from "./hazard-loader";
import { bboxOf, mapHref, MAX_ZOOM, MIN_ZOOM, type MapViewParam } from "./map-view-param";

/** GET /api/investments/map's answer (src/schemas/map.ts mapViewDto). */
interface ViewResponse {
  zoom: number;
  clusters: { lat: number; lng: number; count: number; members: boolean }[];
  markers: { id: number; lat: number; lng: number; price: number; members: boolean }[];
  total: number;
  cards: (Omit<InvestmentCardData, "id" | "locked" | "public_at"> & { _id: number; public_at: string | null })[];
  unplaced: number;
}

/** What the map shows: an answer of the API, or the server's first view (preview). */
type View = Omit<ViewResponse, "cards"> & { cards: InvestmentCardData[] };

export interface MapSearchProps {
  /** MAP_TILE_URL ({z}/{x}/{y}) and its credit (HTML). */
  tileUrl: string;
  attribution: string;
  /** Where the map opens (the URL's view, or the one the server fitted to the search's results). */
  view: MapViewParam;
  /**
   * The server's first view (map-preview.tsx and the cards around the centre): shown until the map is
   * built and has answered for its own box.
   */
  preview?: { node: ReactNode; data: View } | null;
  /** The search conditions as the list page's query string. */
  conditions: string;
  member: boolean;
  /** HAZARD_TILE_BASE_URL: the hazard overlays' button (issue 34) when given. */
  hazardBase?: string;
}

const cardOf = ({ _id, public_at, ...rest }: ViewResponse["cards"][number]): InvestmentCardData =>
  ({ ...rest, locked: false, id: _id, public_at: public_at ? new Date(public_at) : null }) as InvestmentCardData;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The map search (issue 19): Leaflet (about 40 KB gzipped, loaded by this
 * component only, so only map pages carry it) over the configured tiles; each
 * move asks GET /api/investments/map for the view (clusters and single
 * markers computed on the server, members-only rule included there), writes
 * the view into the URL (c, z, then the conditions) and lists the cards in
 * view beside the map (desktop) or under it (phone). A marker selects its
 * listing: its card comes first in the list.
 */
export function MapSearch({ tileUrl, attribution, view, preview, conditions, member, hazardBase }: MapSearchProps) {
  const el = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const mapRef = useRef<Leaflet.Map | null>(null);
  const layerRef = useRef<Leaflet.LayerGroup | null>(null);
  const leafletRef = useRef<typeof Leaflet | null>(null);
  const selectedRef = useRef<number | null>(null);
  const seq = useRef(0);
  const [data, setData] = useState<View | null>(preview?.data ?? null);
  // false while the list shows the server's first view (around the centre, not the map's own box)
  const [live, setLive] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  // the server's first view is there: nothing is loading until the map asks for its own
  const [loading, setLoading] = useState(!preview);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const map = mapRef.current;
    if (!map) return;
    const b = map.getBounds();
    const zoom = map.getZoom();
    const c = map.getCenter();
    window.history.replaceState(window.history.state, "", mapHref({ lat: c.lat, lng: c.lng, zoom }, conditions));
    const bbox = bboxOf(b.getWest(), b.getSouth(), b.getEast(), b.getNorth());
    const qs = new URLSearchParams(conditions);
    qs.set("bbox", bbox);
    qs.set("zoom", String(zoom));
    if (selectedRef.current !== null) qs.set("sel", String(selectedRef.current));
    const mine = ++seq.current;
    setLoading(true);
    try {
      const res = await fetch(`/api/investments/map?${qs}`, { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const json = (await res.json()) as ViewResponse;
      if (mine !== seq.current) return;
      setData({ ...json, cards: json.cards.map(cardOf) });
      setLive(true);
      setError(null);
    } catch {
      if (mine === seq.current) setError("地図の物件を読み込めませんでした。地図を動かすと再度読み込みます。");
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [conditions]);

  // New conditions on the same page (the search dialog, a chip's link: a client navigation that keeps
  // this component and the map): read the view again with them. The map's handlers call the latest load.
  const loadRef = useRef(load);
  useEffect(() => {
    if (loadRef.current === load) return;
    loadRef.current = load;
    if (mapRef.current) void load();
  }, [load]);

  useEffect(() => {
    let gone = false;
    // Leaflet's stylesheet comes with its code, not as a second render-blocking stylesheet in the
    // page's head: nothing it styles exists before the map is built here (issue 19/21: Lighthouse).
    void Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]).then(([L]) => {
      if (gone || !el.current) return;
      const map = L.map(el.current, { minZoom: MIN_ZOOM, maxZoom: MAX_ZOOM });
      // the view the server drew (the URL's, or the one it fitted to the searched results)
      map.setView([view.lat, view.lng], view.zoom);
      L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
      map.attributionControl.setPrefix(false);
      if (hazardBase) attachHazardButton(L, map, hazardBase);
      leafletRef.current = L;
      layerRef.current = L.layerGroup().addTo(map);
      mapRef.current = map;
      map.on("moveend", () => void loadRef.current());
      void loadRef.current();
    });
    return () => {
      gone = true;
      mapRef.current?.remove();
      mapRef.current = null;
    };
    // The map is built once; later prop changes come with a new page (new URL).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = useCallback(
    (id: number | null) => {
      selectedRef.current = id;
      setSelected(id);
      listRef.current?.scrollTo({ top: 0 });
      void load();
    },
    [load],
  );

  // Markers and clusters of the current answer.
  useEffect(() => {
    const L = leafletRef.current;
    const layer = layerRef.current;
    const map = mapRef.current;
    if (!L || !layer || !map || !data) return;
    layer.clearLayers();
    // A marker whose icon would stick out of the map's sides is drawn (clipped) but left out of the
    // tab order: keyboard users reach those listings through the list, and nothing focusable sits off-screen.
    const width = map.getSize().x;
    const inside = (lat: number, lng: number, half: number) => {
      const x = map.latLngToContainerPoint([lat, lng]).x;
      return x - half >= 0 && x + half <= width;
    };
    for (const c of data.clusters) {
      const size = clusterDiameter(c.count);
      const label = `${withCommas(String(c.count))}件${c.members ? "（会員限定を含む）" : ""}`;
      L.marker([c.lat, c.lng], {
        title: label,
        alt: label,
        keyboard: inside(c.lat, c.lng, size / 2),
        icon: L.divIcon({
          className: "",
          iconSize: [size, size],
          html: `<span data-slot="map-cluster" data-count="${c.count}" class="size-full ${CLUSTER_CLASS} ${clusterTone(c.members)}">${withCommas(String(c.count))}</span>`,
        }),
      })
        .on("click", () => map.setView([c.lat, c.lng], Math.min(MAX_ZOOM, map.getZoom() + 2)))
        .addTo(layer);
    }
    for (const m of data.markers) {
      const label = `${m.members ? "会員限定 " : ""}${formatPrice(m.price)}`;
      L.marker([m.lat, m.lng], {
        title: label,
        alt: label,
        riseOnHover: true,
        keyboard: inside(m.lat, m.lng, markerDiameter(m.members) / 2),
        zIndexOffset: m.id === selected ? 1000 : 0,
        icon: L.divIcon({
          className: "",
          iconSize: [0, 0],
          // Centred on its point and at most its circle's width (src/lib/map-icons.ts): the server merged
          // every icon that would come closer than that to another.
          html: `<span data-slot="map-marker" data-id="${m.id}" style="max-width:${markerDiameter(m.members)}px" class="absolute left-0 top-0 ${PIN_CLASS} ${pinTone(
            m.members,
            m.id === selected,
          )}">${m.members ? '<span class="mr-0.5">会員</span>' : ""}${escape(pinPrice(m.price))}</span>`,
        }),
      })
        .on("click", () => select(m.id))
        .addTo(layer);
    }
  }, [data, selected, select]);

  const listHref = conditions ? `/investments/page/1?${conditions}` : "/investments";
  const cards = data?.cards ?? [];
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-5" data-slot="map-search">
      <div className="relative h-[58vh] min-h-72 overflow-hidden rounded-lg border border-border bg-primary-50 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem]">
        <div
          ref={el}
          className="absolute inset-0 z-0"
          role="region"
          aria-label="物件の地図"
          data-slot="map"
          // a visitor's page: touching, pointing at or focusing the map builds it (static-pages.ts)
          data-hydrate-on-touch=""
          tabIndex={0}
        >
          {/* until the map's own answer is drawn (over Leaflet's tiles, under its markers: no blank map between) */}
          {!live && !error && preview?.node}
        </div>
        {loading && (
          <span
            className="pointer-events-none absolute left-1/2 top-2 z-[500] -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-xs font-bold text-primary shadow"
            data-slot="map-loading"
          >
            読み込み中…
          </span>
        )}
      </div>
      <section
        ref={listRef}
        aria-labelledby="map-list-title"
        className="flex min-w-0 flex-col gap-3 lg:h-[calc(100dvh-14rem)] lg:min-h-[32rem] lg:overflow-y-auto lg:pr-1"
        data-slot="map-list"
      >
        {/* The cards' titles are h3: the list needs its h2 for the outline (screen readers jump by heading). */}
        <h2 id="map-list-title" className="sr-only">
          表示範囲の物件
        </h2>
        <p className="text-sm text-primary-600" role="status" data-slot="map-count">
          {live ? "この範囲の物件" : "この付近の物件"}
          <strong
            className="tabular mx-1 text-2xl text-primary"
            data-total={live && data ? data.total : ""}
            data-preview-total={!live && data ? data.total : undefined}
          >
            {data ? withCommas(String(data.total)) : "—"}
          </strong>
          件{data && data.total > cards.length && <span className="ml-1 text-xs text-primary-500">（{cards.length}件を表示・地図を拡大して絞り込めます）</span>}
        </p>
        {error && (
          <p className="rounded-md border border-error/40 bg-error/5 p-2 text-sm text-error" role="alert">
            {error}
          </p>
        )}
        {data && data.unplaced > 0 && (
          <p className="rounded-md bg-muted p-2 text-xs text-primary-700" data-slot="map-unplaced" data-count={data.unplaced}>
            位置情報のない物件 {withCommas(String(data.unplaced))}件（地図には表示されません）
            <Link href={listHref} className="ml-1 font-bold underline underline-offset-2">
              一覧で見る
            </Link>
          </p>
        )}
        <p className="text-xs text-primary-500" data-slot="map-position-note">
          地図上の物件の位置はおおよその位置です（約100m単位）。
        </p>
        {!member && (
          <p className="text-xs text-primary-500">
            会員限定物件は
            <Link href="/signup" className="mx-0.5 font-bold text-gold-700 underline underline-offset-2">
              無料会員登録
            </Link>
            ・ログインで地図にも表示されます。
          </p>
        )}
        {selected !== null && (
          <button type="button" className="self-start text-xs text-primary-600 underline underline-offset-2" onClick={() => select(null)}>
            選択を解除
          </button>
        )}
        <ul className="grid gap-3" data-slot="map-cards">
          {cards.map((card) => (
            <li
              key={card.id}
              data-id={card.id}
              className={cn("rounded-lg", card.id === selected && "ring-2 ring-gold-500 ring-offset-2")}
              aria-current={card.id === selected ? "true" : undefined}
            >
              <InvestmentCard card={card} />
            </li>
          ))}
        </ul>
        {cards.length > 0 && <YieldFootnote kinds={["gross", "net"]} vacant="list" />}
        {showsMemberCashFlow(cards) && <MemberCashFlowNote />}
        {data && data.total === 0 && <p className="text-sm text-primary-600">この範囲に条件に合う物件はありません。地図を縮小・移動してください。</p>}
      </section>
    </div>
  );
}
