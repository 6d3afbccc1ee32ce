import Link from "next/link";
import { MapPin } from "@/components/icons";
import { cn } from "@/lib/cn";

/** "地図で見る": the map search with the same conditions (list page, search pages). No map code comes with it. */
export function MapLink({ conditions, className }: { conditions: string; className?: string }) {
  return (
    <Link
      href={conditions ? `/investments/map?${conditions}` : "/investments/map"}
      className={cn("inline-flex items-center gap-1 text-sm font-bold text-primary-700 underline-offset-4 hover:underline", className)}
      data-slot="map-link"
    >
      <MapPin className="size-4" aria-hidden="true" />
      地図で見る
    </Link>
  );
}
