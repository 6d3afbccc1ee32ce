import { withCommas } from "@/lib/price";

/** Prices on the pins: 万円 up to 1億, then 億 with one decimal (3,980万 / 1.2億). */
export function pinPrice(man: number): string {
  return man >= 10_000 ? `${(Math.round(man / 1000) / 10).toString()}億` : `${withCommas(String(man))}万`;
}

/**
 * The classes of a cluster's bubble and of a listing's price pin, one definition for the live map's
 * icons (map-search.tsx) and the server-drawn first view (map-preview.tsx), which must look the same.
 */
export const CLUSTER_CLASS = "flex items-center justify-center rounded-full border-2 text-xs font-bold shadow-md";
export const clusterTone = (members: boolean) => (members ? "border-gold-400 bg-primary/85 text-gold-200" : "border-white bg-primary/85 text-white");
export const PIN_CLASS =
  "-translate-x-1/2 -translate-y-1/2 overflow-hidden whitespace-nowrap rounded-full border px-2 py-1.5 text-xs font-bold leading-none shadow-md";
export const pinTone = (members: boolean, selected = false) =>
  selected
    ? "border-primary bg-gold-300 text-primary ring-2 ring-primary"
    : members
      ? "border-gold-400 bg-gold-50 text-gold-800"
      : "border-primary-300 bg-white text-primary";

/** The URL of one tile of a `{z}/{x}/{y}` template. */
export const tileSrc = (template: string, z: number, x: number, y: number) =>
  template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
