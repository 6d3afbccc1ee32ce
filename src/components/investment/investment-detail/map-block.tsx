import { ExternalLink, MapPin } from "@/components/icons";
import { Button } from "@/components/ui/button";

/** Google Maps embed when a key is configured; otherwise the address and a link that opens the map. */
export function MapBlock({ address, mapsKey, className }: { address: string; mapsKey?: string; className?: string }) {
  const query = encodeURIComponent(address);
  if (mapsKey) {
    return (
      <div className={className}>
        <iframe
          title={`${address}周辺の地図`}
          src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(mapsKey)}&q=${query}&language=ja&region=JP`}
          className="aspect-[16/9] w-full rounded-lg border border-border"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className={className} data-slot="map-link">
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-primary-300 bg-[repeating-linear-gradient(45deg,#f6f6f6_0_12px,#fff_12px_24px)] p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-bold">
          <MapPin className="size-5 text-gold-600" aria-hidden="true" />
          {address}
        </p>
        <Button asChild variant="outline">
          <a href={`https://www.google.com/maps/search/?api=1&query=${query}`} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            地図で見る
            <span className="sr-only">（新しいタブで開きます）</span>
          </a>
        </Button>
      </div>
    </div>
  );
}
