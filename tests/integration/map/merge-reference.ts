/**
 * The map tests' own statement of the overlap rule (src/server/map/merge.ts),
 * written the plain way: while two icons' circles — the sizes the map page
 * draws (src/lib/map-icons.ts) — come closer than the gap at the view's zoom,
 * merge the closest pair (squared pixel distance, ties by the smaller then
 * the larger grid cell, compared as row then column); a merged group keeps
 * the smaller cell. Every round looks at every pair again.
 */
import { clusterDiameter, ICON_GAP_PX, markerDiameter } from "@/lib/map-icons";
import { toPixel } from "@/lib/mercator";

export type RefGroup = { ids: number[]; lat: number; lng: number; members: boolean; cell: string };

const cellParts = (cell: string) => cell.split(":").map(Number) as [number, number];
const cellBefore = (a: string, b: string) => {
  const [ar, ac] = cellParts(a);
  const [br, bc] = cellParts(b);
  return ar < br || (ar === br && ac < bc);
};

export function mergeReference(groups: RefGroup[], zoom: number): RefGroup[] {
  let live = groups.map((g) => ({ ...g, ids: [...g.ids] }));
  for (;;) {
    let best: { d: number; lo: string; hi: string; i: number; j: number } | null = null;
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const [p, q] = [live[i]!, live[j]!];
        const pp = toPixel(p.lat / p.ids.length / 1e6, p.lng / p.ids.length / 1e6, zoom);
        const qp = toPixel(q.lat / q.ids.length / 1e6, q.lng / q.ids.length / 1e6, zoom);
        const radius = (g: RefGroup) => (g.ids.length === 1 ? markerDiameter(g.members) : clusterDiameter(g.ids.length)) / 2;
        const d = (pp.x - qp.x) * (pp.x - qp.x) + (pp.y - qp.y) * (pp.y - qp.y);
        const reach = radius(p) + radius(q) + ICON_GAP_PX;
        if (!(d < reach * reach)) continue;
        const [lo, hi] = cellBefore(p.cell, q.cell) ? [p.cell, q.cell] : [q.cell, p.cell];
        if (!best || d < best.d || (d === best.d && (cellBefore(lo, best.lo) || (lo === best.lo && cellBefore(hi, best.hi))))) best = { d, lo, hi, i, j };
      }
    }
    if (!best) return live;
    const [p, q] = [live[best.i]!, live[best.j]!];
    const merged = { ids: [...p.ids, ...q.ids], lat: p.lat + q.lat, lng: p.lng + q.lng, members: p.members || q.members, cell: best.lo };
    live = [...live.filter((_, k) => k !== best.i && k !== best.j), merged];
  }
}
