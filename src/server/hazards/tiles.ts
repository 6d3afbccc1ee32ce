import { LRUCache } from "lru-cache";
import sharp from "sharp";

/**
 * Reading one hazard tile (issue 34): fetched over HTTP with a timeout and decoded to
 * RGBA by sharp (libvips' PNG decoder: the image library the project already ships for
 * photos — palette PNGs with a tRNS chunk, as the portal serves, come out with their
 * alpha; no hand-written decoder). Decoded tiles are kept in a small LRU so a nightly
 * pass over neighbouring listings fetches a shared tile once.
 */

export interface DecodedTile {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Buffer;
}

/** A tile that could not be read (network, timeout, 5xx, a body that is no PNG): the flag stays as it was and the job retries. */
export class TileUnavailableError extends Error {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`hazard tile unavailable (${reason}): ${url}`);
    this.name = "TileUnavailableError";
  }
}

/** `empty`: the server has no tile there (404: the portal serves no tile where no zone is drawn). */
export type TileRead = { kind: "tile"; tile: DecodedTile } | { kind: "empty" };

const cache = new LRUCache<string, TileRead>({ max: 48, ttl: 10 * 60 * 1000 });

export async function readTile(url: string, opts: { timeoutMs: number; fetch?: typeof fetch }): Promise<TileRead> {
  const hit = cache.get(url);
  if (hit) return hit;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs), headers: { accept: "image/png" } });
  } catch (e) {
    throw new TileUnavailableError(url, e instanceof Error && e.name === "TimeoutError" ? "timeout" : `network: ${String(e)}`);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    const read: TileRead = { kind: "empty" };
    cache.set(url, read);
    return read;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new TileUnavailableError(url, `HTTP ${res.status}`);
  }
  let tile: DecodedTile;
  try {
    const body = Buffer.from(await res.arrayBuffer());
    const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`${info.channels} channels`);
    tile = { width: info.width, height: info.height, data };
  } catch (e) {
    throw new TileUnavailableError(url, `not a readable PNG: ${String(e)}`);
  }
  const read: TileRead = { kind: "tile", tile };
  cache.set(url, read);
  return read;
}

/** The RGBA of the pixel (px, py) of a 256 px tile (a tile of another size is scaled to it). */
export function pixelAt(tile: DecodedTile, px: number, py: number): [number, number, number, number] {
  const x = Math.min(tile.width - 1, Math.floor((px * tile.width) / 256));
  const y = Math.min(tile.height - 1, Math.floor((py * tile.height) / 256));
  const o = (y * tile.width + x) * 4;
  return [tile.data[o]!, tile.data[o + 1]!, tile.data[o + 2]!, tile.data[o + 3]!];
}

/** Tests: forget decoded tiles (a stand-in server that changes its answer between reads). */
export function clearTileCache(): void {
  cache.clear();
}
