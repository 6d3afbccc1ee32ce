/**
 * The sizes of what the map page draws (src/components/map/map-search.tsx),
 * shared with the server's clustering (src/server/map/merge.ts): two icons
 * whose circles would come closer than ICON_GAP_PX on screen are merged into
 * one cluster there, so none is drawn over another (Lighthouse target-size).
 * Every icon is centred on its position and fits inside its circle: a cluster
 * is the circle itself, a price pill (rounded ends) is at most its circle's
 * diameter wide.
 */

/** Diameter (px) of a cluster bubble of `count` listings. */
export function clusterDiameter(count: number): number {
  return count < 10 ? 36 : count < 100 ? 42 : count < 1000 ? 50 : 58;
}

/** Widest price pill (px): "9,980万" / "123.4億" in 12 px bold with its padding; "会員" in front for members-only ones. */
export const MARKER_PX = 68;
export const MEMBERS_MARKER_PX = 92;

export function markerDiameter(members: boolean): number {
  return members ? MEMBERS_MARKER_PX : MARKER_PX;
}

/** Clear space (px) kept between two icons' circles. */
export const ICON_GAP_PX = 4;
