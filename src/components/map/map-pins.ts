import { withCommas } from "@/lib/price";

/** Prices on the pins: 万円 up to 1億, then 億 with one decimal (3,980万 / 1.2億). */
export function pinPrice(man: number): string {
  return man >= 10_000 ? `${(Math.round(man / 1000) / 10).toString()}億` : `${withCommas(String(man))}万`;
}

/** The URL of one tile of a `{z}/{x}/{y}` template. */
export const tileSrc = (template: string, z: number, x: number, y: number) =>
  template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
