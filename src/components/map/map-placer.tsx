"use client";

import "leaflet/dist/leaflet.css";
import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import { MapPin, TrainFront } from "@/components/icons";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { KANSAI_VIEW, MAX_ZOOM } from "./map-view-param";

/** What the placer needs of the editor's form (react-hook-form): read the stations, write 緯度 / 経度. */
interface PlacerForm {
  getValues(name: string): unknown;
  setValue(name: string, value: string, options?: { shouldDirty?: boolean }): void;
}

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

/**
 * The editor's help for a listing without a position (issue 19: the map
 * search cannot show it): the nearest station's position from the master
 * data (the first 交通 entry with a station), or a click on a small map
 * (Leaflet, loaded when opened, over MAP_TILE_URL). Both fill 緯度 / 経度.
 */
export function MapPlacer({ form }: { form: unknown }) {
  const f = form as PlacerForm;
  const utils = api.useUtils();
  const tiles = api.admin.investments.mapTiles.useQuery(undefined, { staleTime: Infinity });
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const el = useRef<HTMLDivElement>(null);

  const place = (lat: number, lng: number, note: string) => {
    f.setValue("map.lat", lat.toFixed(6), { shouldDirty: true });
    f.setValue("map.lng", lng.toFixed(6), { shouldDirty: true });
    setMessage(note);
  };

  const fromStation = async () => {
    const transports = (f.getValues("transports") as { station_cd?: string | number }[] | undefined) ?? [];
    const stationCd = transports.map((t) => num(t.station_cd)).find((n) => Number.isInteger(n) && n > 0);
    if (stationCd === undefined) {
      setMessage("交通で駅を選んでから押してください。");
      return;
    }
    try {
      const p = await utils.admin.investments.stationPosition.fetch({ stationCd });
      place(p.lat, p.lng, `${p.name}駅の位置を入れました。物件の位置に合わせて地図で直してください。`);
    } catch {
      setMessage("駅の位置を読み込めませんでした。");
    }
  };

  const tileUrl = tiles.data?.url;
  const attribution = tiles.data?.attribution ?? "";
  useEffect(() => {
    if (!open || !tileUrl) return;
    let map: Leaflet.Map | undefined;
    let gone = false;
    void import("leaflet").then((L) => {
      if (gone || !el.current) return;
      const lat = num(f.getValues("map.lat"));
      const lng = num(f.getValues("map.lng"));
      const has = Number.isFinite(lat) && Number.isFinite(lng);
      map = L.map(el.current, { center: has ? [lat, lng] : [KANSAI_VIEW.lat, KANSAI_VIEW.lng], zoom: has ? 16 : KANSAI_VIEW.zoom, maxZoom: MAX_ZOOM });
      L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
      const pin = L.circleMarker(has ? [lat, lng] : [0, 0], { radius: 8, color: "#1e2a4a", fillColor: "#c9a24a", fillOpacity: 0.9 });
      if (has) pin.addTo(map);
      map.on("click", (e: Leaflet.LeafletMouseEvent) => {
        pin.setLatLng(e.latlng).addTo(map!);
        place(e.latlng.lat, e.latlng.lng, "地図で指定した位置を入れました。");
      });
    });
    return () => {
      gone = true;
      map?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, tileUrl]);

  return (
    <div className="col-span-full grid gap-2" data-slot="map-placer">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void fromStation()}>
          <TrainFront aria-hidden="true" />
          最寄駅の位置を入れる
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <MapPin aria-hidden="true" />
          {open ? "地図を閉じる" : "地図をクリックして位置を決める"}
        </Button>
        {message && (
          <span className="text-xs text-primary-600" role="status">
            {message}
          </span>
        )}
      </div>
      <p className="text-xs text-primary-500">緯度・経度のない物件は地図検索に表示されません。</p>
      {open && <div ref={el} className="h-72 w-full overflow-hidden rounded border border-border" role="region" aria-label="位置を指定する地図" />}
    </div>
  );
}
