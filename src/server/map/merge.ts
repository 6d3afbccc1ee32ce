/**
 * After grid binning (grid.ts), neighbouring cells' icons can still be drawn
 * over each other: two cells' means may sit a few pixels apart across their
 * common edge, and a bubble or a price pill is wider than nothing. This pass
 * merges them: while some two icons' circles (src/lib/map-icons.ts, the sizes
 * the map page draws) come closer than ICON_GAP_PX on screen at the view's
 * zoom, the closest such pair becomes one cluster at the mean position of all
 * its listings (exact sums of microdegrees, like the cells) — which may in
 * turn reach another icon. Counts add up, so they still sum to the total.
 *
 * "Closest": the smallest squared pixel distance, ties by the pair's cell keys
 * (smaller key first, then the other); a merged icon keeps the smaller key.
 * The rule is deterministic, and the map tests' reference implements it on its own.
 */
import { clusterDiameter, ICON_GAP_PX, markerDiameter } from "@/lib/map-icons";
import { toPixel } from "@/lib/mercator";

export interface MapItem {
  /** Listings in it; 1 is a single marker. */
  n: number;
  /** Sums of the listings' positions, microdegrees. */
  lat: number;
  lng: number;
  /** 1 when a members-only listing is in it. */
  m: number;
  /** The grid cell's key (row × 2^24 + column); a merged item has the smallest of its parts. */
  key: number;
}

/** An icon's circle radius (px): a single's price pill or a cluster's bubble. */
export function itemRadius(n: number, members: boolean): number {
  return (n === 1 ? markerDiameter(members) : clusterDiameter(n)) / 2;
}

type Live = { item: MapItem; x: number; y: number; r: number; alive: boolean };
type Pair = { d: number; lo: number; hi: number; a: number; b: number };

const before = (p: Pair, q: Pair) => p.d < q.d || (p.d === q.d && (p.lo < q.lo || (p.lo === q.lo && p.hi < q.hi)));

/** Merges the items whose icons would overlap at `zoom`; singles that stay alone are returned as given. */
export function mergeOverlapping<T extends MapItem>(items: readonly T[], zoom: number): (T | MapItem)[] {
  const live: Live[] = [];
  const heap: Pair[] = [];
  const push = (p: Pair) => {
    let k = heap.length;
    heap.push(p);
    while (k > 0) {
      const up = (k - 1) >> 1;
      if (!before(p, heap[up]!)) break;
      heap[k] = heap[up]!;
      k = up;
    }
    heap[k] = p;
  };
  const pop = (): Pair => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        if (l >= heap.length) break;
        const c = l + 1 < heap.length && before(heap[l + 1]!, heap[l]!) ? l + 1 : l;
        if (!before(heap[c]!, last)) break;
        heap[k] = heap[c]!;
        k = c;
      }
      heap[k] = last;
    }
    return top;
  };
  const pairsOf = (a: number) => {
    const p = live[a]!;
    for (let b = 0; b < live.length; b++) {
      const q = live[b]!;
      if (b === a || !q.alive) continue;
      const dx = p.x - q.x;
      const dy = p.y - q.y;
      const d = dx * dx + dy * dy;
      const reach = p.r + q.r + ICON_GAP_PX;
      if (d < reach * reach) push({ d, lo: Math.min(p.item.key, q.item.key), hi: Math.max(p.item.key, q.item.key), a, b });
    }
  };
  const add = (item: MapItem) => {
    const px = toPixel(item.lat / item.n / 1e6, item.lng / item.n / 1e6, zoom);
    live.push({ item, x: px.x, y: px.y, r: itemRadius(item.n, item.m === 1), alive: true });
  };
  for (const it of items) add(it);
  // every pair once: each item against those after it
  for (let a = 0; a < live.length; a++) {
    const p = live[a]!;
    for (let b = a + 1; b < live.length; b++) {
      const q = live[b]!;
      const dx = p.x - q.x;
      const dy = p.y - q.y;
      const d = dx * dx + dy * dy;
      const reach = p.r + q.r + ICON_GAP_PX;
      if (d < reach * reach) push({ d, lo: Math.min(p.item.key, q.item.key), hi: Math.max(p.item.key, q.item.key), a, b });
    }
  }
  while (heap.length) {
    const { a, b } = pop();
    const p = live[a]!;
    const q = live[b]!;
    if (!p.alive || !q.alive) continue;
    p.alive = q.alive = false;
    add({ n: p.item.n + q.item.n, lat: p.item.lat + q.item.lat, lng: p.item.lng + q.item.lng, m: p.item.m | q.item.m, key: Math.min(p.item.key, q.item.key) });
    pairsOf(live.length - 1);
  }
  return live.filter((l) => l.alive).map((l) => l.item);
}
