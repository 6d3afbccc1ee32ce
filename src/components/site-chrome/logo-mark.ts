/**
 * The logo mark as plain data, shared by the <Logo> component and
 * scripts/generate-brand-assets.ts (favicon, public/logo.svg, public/ogp.png).
 * Three rising buildings on a dark tile: property and growing income.
 * Coordinates are in a 64×64 box.
 */
export const BRAND = {
  dark: "#2b2b2b",
  darker: "#1a1a1a",
  gold: "#b8932f",
  goldLight: "#dcbd66",
} as const;

/** Building bodies (gold), left to right, lowest to highest. */
export const MARK_BUILDINGS = ["M13 50V31h11v19z", "M26.5 50V21h11v29z", "M40 50V12h11v38z"] as const;

/** Window cut-outs drawn in the tile colour over the buildings. */
export const MARK_WINDOWS = [
  "M16 35h5v3h-5zM16 41h5v3h-5z",
  "M29.5 25h5v3h-5zM29.5 31h5v3h-5zM29.5 37h5v3h-5z",
  "M43 16h5v3h-5zM43 22h5v3h-5zM43 28h5v3h-5zM43 34h5v3h-5z",
] as const;

/** Ground line. */
export const MARK_GROUND = "M10 51h44v2.5H10z";

/** Stand-alone SVG of the mark (favicon, logo.svg). */
export function markSvg(size = 64, rounded = true): string {
  const r = rounded ? 12 : 0;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">`,
    `<rect width="64" height="64" rx="${r}" fill="${BRAND.dark}"/>`,
    `<path d="${MARK_BUILDINGS.join("")}" fill="${BRAND.gold}"/>`,
    `<path d="${MARK_WINDOWS.join("")}" fill="${BRAND.dark}"/>`,
    `<path d="${MARK_GROUND}" fill="${BRAND.goldLight}"/>`,
    `</svg>`,
  ].join("");
}
