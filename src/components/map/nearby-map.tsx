import Link from "next/link";
import { MapPin } from "@/components/icons";
import { formatPrice, withCommas } from "@/lib/price";
import { metersPerPixel, toPixel } from "@/lib/mercator";
import { PUBLIC_POSITION_RADIUS_M } from "@/lib/public-position";
import { api } from "@/trpc/server";
import { tileSrc } from "./map-pins";
import { mapHref } from "./map-view-param";

/**
 * A listing's neighbourhood on its detail page (issue 19): a static map with
 * no script at all (the tiles as images, the listings as links placed on
 * them), so the detail page carries none of the map library. Its button
 * opens the map search at the same place. Renders nothing when the listing
 * has no position.
 *
 * The listing itself is an area, not a pin: the server sends only its public
 * point (issue 27, src/lib/public-position.ts: a ~100 m grid, since the page
 * hides the 番地), so a circle of PUBLIC_POSITION_RADIUS_M around it says
 * "somewhere here" instead of pointing at a building.
 */
export async function NearbyMap({ id, tileUrl, attribution }: { id: number; tileUrl: string; attribution: string }) {
  const near = await api.public.map.nearby({ id }).catch(() => null);
  if (!near) return null;
  const { zoom, width, height } = near;
  const c = toPixel(near.lat, near.lng, zoom);
  const left = c.x - width / 2;
  const top = c.y - height / 2;
  const pct = (px: number, of: number) => `${((px / of) * 100).toFixed(3)}%`;
  const tiles: { x: number; y: number }[] = [];
  for (let ty = Math.floor(top / 256); ty <= Math.floor((top + height) / 256); ty++)
    for (let tx = Math.floor(left / 256); tx <= Math.floor((left + width) / 256); tx++) tiles.push({ x: tx, y: ty });
  const place = (lat: number, lng: number) => {
    const p = toPixel(lat, lng, zoom);
    return { left: pct(p.x - left, width), top: pct(p.y - top, height) };
  };
  const others = near.view.markers.filter((m) => m.id !== id);
  const areaPx = (2 * PUBLIC_POSITION_RADIUS_M) / metersPerPixel(near.lat, zoom);
  return (
    <section aria-labelledby="nearby-map-title" className="grid gap-3" data-slot="nearby-map">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="nearby-map-title" className="border-l-4 border-gold pl-2 text-base font-bold tracking-wider">
          周辺の物件
        </h2>
        <Link
          href={mapHref({ lat: near.lat, lng: near.lng, zoom }, "")}
          className="inline-flex items-center gap-1 text-sm font-bold text-primary-700 underline-offset-4 hover:underline"
          data-slot="nearby-map-open"
        >
          <MapPin className="size-4" aria-hidden="true" />
          地図で周辺の物件を探す
        </Link>
      </div>
      <div className="relative w-full overflow-hidden rounded-lg border border-border bg-primary-50" style={{ aspectRatio: `${width} / ${height}` }}>
        {tiles.map((t) => (
          // eslint-disable-next-line @next/next/no-img-element -- map tiles from the configured provider, not optimisable images
          <img
            key={`${t.x}-${t.y}`}
            src={tileSrc(tileUrl, zoom, t.x, t.y)}
            alt=""
            loading="lazy"
            decoding="async"
            className="absolute max-w-none select-none"
            style={{ left: pct(t.x * 256 - left, width), top: pct(t.y * 256 - top, height), width: pct(256, width), height: pct(256, height) }}
          />
        ))}
        {near.view.clusters.map((cl) => (
          <span
            key={`${cl.lat},${cl.lng}`}
            className="absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-white bg-primary/80 text-[0.7rem] font-bold text-white shadow"
            style={place(cl.lat, cl.lng)}
            title={`${cl.count}件`}
          >
            {withCommas(String(cl.count))}
          </span>
        ))}
        {others.map((m) => (
          <Link
            key={m.id}
            href={`/investments/${m.id}`}
            className={`absolute -translate-x-1/2 -translate-y-full whitespace-nowrap rounded-full border px-1.5 py-0.5 text-[0.7rem] font-bold shadow hover:z-10 hover:bg-gold-100 ${m.members ? "border-gold-400 bg-gold-50 text-gold-800" : "border-primary-300 bg-white text-primary"}`}
            style={place(m.lat, m.lng)}
            aria-label={`${m.members ? "会員限定 " : ""}${formatPrice(m.price)}の物件`}
          >
            {formatPrice(m.price)}
          </Link>
        ))}
        <span
          className="absolute z-10 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-primary bg-gold-400/35"
          style={{ ...place(near.lat, near.lng), width: pct(areaPx, width), aspectRatio: "1" }}
          role="img"
          aria-label={`この物件のおおよその位置（半径約${PUBLIC_POSITION_RADIUS_M}m）`}
          data-slot="nearby-map-self"
        >
          <span
            className="absolute bottom-full left-1/2 mb-0.5 -translate-x-1/2 whitespace-nowrap rounded bg-primary px-1.5 py-0.5 text-[0.7rem] font-bold text-gold-300 shadow"
            aria-hidden="true"
          >
            この物件（周辺）
          </span>
        </span>
        <span
          className="absolute bottom-0 right-0 bg-white/80 px-1 text-[0.6rem] text-primary-600 [&_a]:underline"
          dangerouslySetInnerHTML={{ __html: attribution }}
        />
      </div>
      <p className="text-xs text-primary-500" data-slot="nearby-map-note">
        地図上の位置はおおよその位置です（円の範囲内にあります。番地はお問い合わせください）。周辺の物件は価格をクリックすると詳細をご覧いただけます。
      </p>
    </section>
  );
}
