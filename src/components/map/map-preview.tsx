import { clusterDiameter, markerDiameter } from "@/lib/map-icons";
import { toPixel } from "@/lib/mercator";
import { withCommas } from "@/lib/price";
import type { MapCluster, MapMarker } from "@/schemas/map";
import { PREVIEW_BOX, PREVIEW_REACH, type MapViewParam } from "./map-view-param";
import { CLUSTER_CLASS, clusterTone, PIN_CLASS, pinPrice, pinTone, tileSrc } from "./map-pins";

/**
 * The map's first view as server HTML (issue 31): the tiles as images and the pins as spans, placed in
 * pixels from the centre of the map's box, exactly where Leaflet puts them for the same view (both use
 * 256 px Web Mercator tiles and centre the view in the box). It stands until the map is built, which on a
 * visitor's page waits for the first touch, pointer or focus on it (static-pages.ts): a phone's first
 * screen paints without the map library or React, and the tiles are requested with the HTML. Once built,
 * the preview lies over Leaflet's tiles (z 200) and under its markers (z 600) until the map's first
 * answer is drawn, so the map never shows blank in between.
 * Not interactive: the live map's markers are (map-search.tsx), and the list beside carries the links.
 */
export function MapPreview({
  tileUrl,
  attribution,
  view,
  clusters,
  markers,
}: {
  tileUrl: string;
  /** The tiles' credit (HTML from the configuration, as the live map's attribution control shows it). */
  attribution: string;
  view: MapViewParam;
  clusters: readonly MapCluster[];
  markers: readonly MapMarker[];
}) {
  const { zoom } = view;
  const c = toPixel(view.lat, view.lng, zoom);
  const tiles: { x: number; y: number; eager: boolean }[] = [];
  const last = 2 ** zoom - 1;
  const range = (from: number, to: number) => [Math.floor(from / 256), Math.floor(to / 256)] as const;
  const [x0, x1] = range(c.x - PREVIEW_REACH.width / 2, c.x + PREVIEW_REACH.width / 2);
  const [y0, y1] = range(c.y - PREVIEW_REACH.height / 2, c.y + PREVIEW_REACH.height / 2);
  const [ex0, ex1] = range(c.x - PREVIEW_BOX.width / 2, c.x + PREVIEW_BOX.width / 2);
  const [ey0, ey1] = range(c.y - PREVIEW_BOX.height / 2, c.y + PREVIEW_BOX.height / 2);
  for (let ty = Math.max(0, y0); ty <= Math.min(last, y1); ty++)
    for (let tx = x0; tx <= x1; tx++) tiles.push({ x: tx, y: ty, eager: tx >= ex0 && tx <= ex1 && ty >= ey0 && ty <= ey1 });
  const at = (lat: number, lng: number) => {
    const p = toPixel(lat, lng, zoom);
    return { left: `${(p.x - c.x).toFixed(1)}px`, top: `${(p.y - c.y).toFixed(1)}px` };
  };
  const wrap = (x: number) => ((x % (last + 1)) + last + 1) % (last + 1);
  return (
    <div className="pointer-events-none absolute inset-0 z-[250] overflow-hidden" data-slot="map-preview">
      {/* the box's centre is the view's centre */}
      <div className="absolute left-1/2 top-1/2 size-0" aria-hidden="true">
        {tiles.map((t) => (
          // eslint-disable-next-line @next/next/no-img-element -- map tiles from the configured provider, not optimisable images
          <img
            key={`${t.x}-${t.y}`}
            src={tileSrc(tileUrl, zoom, wrap(t.x), t.y)}
            alt=""
            width={256}
            height={256}
            // the tiles of a phone's map come with the page; the rest (a desktop's wider map) when laid out
            loading={t.eager ? "eager" : "lazy"}
            decoding="async"
            className="absolute max-w-none select-none"
            style={{ left: `${(t.x * 256 - c.x).toFixed(1)}px`, top: `${(t.y * 256 - c.y).toFixed(1)}px` }}
          />
        ))}
        {clusters.map((cl) => {
          const size = clusterDiameter(cl.count);
          return (
            <span
              key={`c${cl.lat},${cl.lng}`}
              className={`absolute -translate-x-1/2 -translate-y-1/2 ${CLUSTER_CLASS} ${clusterTone(cl.members)}`}
              style={{ ...at(cl.lat, cl.lng), width: size, height: size }}
              data-slot="map-preview-cluster"
            >
              {withCommas(String(cl.count))}
            </span>
          );
        })}
        {markers.map((m) => (
          <span
            key={`m${m.id}`}
            className={`absolute ${PIN_CLASS} ${pinTone(m.members)}`}
            style={{ ...at(m.lat, m.lng), maxWidth: markerDiameter(m.members) }}
            data-slot="map-preview-marker"
            data-id={m.id}
          >
            {m.members && <span className="mr-0.5">会員</span>}
            {pinPrice(m.price)}
          </span>
        ))}
      </div>
      <span
        className="pointer-events-auto absolute bottom-0 right-0 bg-white/80 px-1 text-[0.6875rem] text-primary-600 [&_a]:underline"
        dangerouslySetInnerHTML={{ __html: attribution }}
      />
    </div>
  );
}
