import { createServer, type Server } from "node:http";
import sharp from "sharp";
import { fromPixel } from "../../src/lib/mercator";
import { HAZARD_LAYERS, type Rgb } from "../../src/lib/hazard";

/** A 256 px hazard tile of one colour (null: fully transparent), as a palette PNG like the portal's (issue 34). */
export async function solidHazardTile(rgb: Rgb | null, opts: { palette?: boolean } = {}): Promise<Buffer> {
  const px = Buffer.alloc(256 * 256 * 4);
  if (rgb) for (let i = 0; i < px.length; i += 4) px.set([rgb[0], rgb[1], rgb[2], 255], i);
  return sharp(px, { raw: { width: 256, height: 256, channels: 4 } })
    .png(opts.palette === false ? {} : { palette: true, colours: 4, dither: 0 })
    .toBuffer();
}

/**
 * The demo's hazard zones (issue 34), so the map's hazard layers show something offline:
 * per layer group, rings of the legend's colours around one Kansai place — 洪水 around the
 * 淀川 at 梅田, 土砂 on the 六甲 slopes, 津波 and 高潮 along the 大阪湾 shore — each ring's
 * pixels exactly a legend colour (no antialiasing), transparent outside.
 */
const DEMO_ZONES: Record<string, { lat: number; lng: number; ringMeters: number }> = {
  flood: { lat: 34.7055, lng: 135.4983, ringMeters: 450 },
  sediment: { lat: 34.758, lng: 135.262, ringMeters: 300 },
  tsunami: { lat: 34.64, lng: 135.43, ringMeters: 500 },
  storm_surge: { lat: 34.65, lng: 135.45, ringMeters: 700 },
};

async function demoHazardTile(layerId: string, z: number, x: number, y: number): Promise<Buffer | null> {
  const layer = HAZARD_LAYERS.find((l) => l.id === layerId);
  if (!layer) return null;
  const zone = DEMO_ZONES[layer.group]!;
  // sediment: each of the three layers its own sector, so they do not cover each other
  const sector = layer.group === "sediment" ? HAZARD_LAYERS.filter((l) => l.group === "sediment").indexOf(layer) : -1;
  // deepest class in the middle; the planned (指定予定) tones are left to the tests
  const classes = (layer.kind === "zone" ? layer.legend.slice(0, 2) : layer.legend.filter((e) => e.key !== "d_05_1" && e.key !== "d_lt03")).slice().reverse();
  const px = Buffer.alloc(256 * 256 * 4);
  let any = false;
  const cosLat = Math.cos((zone.lat * Math.PI) / 180);
  for (let py = 0; py < 256; py++) {
    for (let pxx = 0; pxx < 256; pxx++) {
      const p = fromPixel(x * 256 + pxx + 0.5, y * 256 + py + 0.5, z);
      const dy = (p.lat - zone.lat) * 111_320;
      const dx = (p.lng - zone.lng) * 111_320 * cosLat;
      if (sector >= 0) {
        const angle = (Math.atan2(dy, dx) + Math.PI) / (2 * Math.PI);
        if (Math.floor(angle * 3) !== sector) continue;
      }
      const ring = Math.floor(Math.hypot(dx, dy) / zone.ringMeters);
      const e = classes[ring];
      if (!e) continue;
      any = true;
      px.set([e.rgb[0], e.rgb[1], e.rgb[2], 255], (py * 256 + pxx) * 4);
    }
  }
  if (!any) return null;
  return sharp(px, { raw: { width: 256, height: 256, channels: 4 } })
    .png()
    .toBuffer();
}

/** The hazard side of the stand-in: tiles at {url}/hazard/{layer}/{z}/{x}/{y}.png (HAZARD_TILE_BASE_URL = hazard.base). */
export interface HazardStandIn {
  base: string;
  /** Serve this PNG for one tile (over the demo pattern). */
  put(layer: string, z: number, x: number, y: number, png: Buffer): void;
  /** Every hazard tile answers this status (e.g. 500), or normally again with null. */
  fail(status: number | null): void;
  /** Drop the tiles put and the failure. */
  reset(): void;
  /** Hazard tiles served so far. */
  served(): number;
}

/**
 * A stand-in for the base-map tile server (MAP_TILE_URL) on loopback (e2e
 * global setup, front-end bench): every
 * /{z}/{x}/{y}.png is a generated 256 px PNG (a pale ground, a grid line and
 * the tile's coordinates drawn in), so the browser tests never reach the real
 * 地理院タイル servers. GET /count answers how many tiles were served.
 * It also stands in for the hazard map portal (issue 34, `hazard`): tiles a test put,
 * else the demo zones (DEMO_ZONES), else 404 as the portal answers where no zone is drawn.
 */
export async function startTileServer(): Promise<{ url: string; close: () => Promise<void>; hazard: HazardStandIn }> {
  let served = 0;
  let hazardServed = 0;
  const hazardTiles = new Map<string, Buffer>();
  const hazardDemo = new Map<string, Buffer | null>();
  let hazardFailure: number | null = null;
  const cache = new Map<string, Buffer>();
  const tile = async (z: number, x: number, y: number) => {
    const key = `${z}/${x}/${y}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const shade = (x + y) % 2 === 0 ? "#eef3ea" : "#e6ede2";
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${shade}"/><path d="M0 0H256M0 0V256" stroke="#c9d4c2" stroke-width="2"/><path d="M0 128H256M128 0V256" stroke="#dfe6da" stroke-width="6"/><text x="8" y="20" font-family="sans-serif" font-size="12" fill="#9aa894">${key}</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    cache.set(key, png);
    return png;
  };
  const server: Server = createServer((req, res) => {
    const h = /^\/hazard\/([0-9a-z_]+)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? "");
    if (h) {
      hazardServed++;
      if (hazardFailure !== null) {
        res.writeHead(hazardFailure).end();
        return;
      }
      const key = `${h[1]}/${h[2]}/${h[3]}/${h[4]}`;
      const put = hazardTiles.get(key);
      const send = (png: Buffer | null | undefined) =>
        png
          ? res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600", "access-control-allow-origin": "*" }).end(png)
          : res.writeHead(404).end();
      if (put || hazardDemo.has(key)) send(put ?? hazardDemo.get(key));
      else
        demoHazardTile(h[1]!, Number(h[2]), Number(h[3]), Number(h[4])).then(
          (png) => {
            hazardDemo.set(key, png);
            send(png);
          },
          () => res.writeHead(500).end(),
        );
      return;
    }
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? "");
    if (req.url === "/count") {
      res.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" }).end(String(served));
      return;
    }
    if (!m) {
      res.writeHead(404).end();
      return;
    }
    tile(Number(m[1]), Number(m[2]), Number(m[3])).then(
      (png) => {
        served++;
        res.writeHead(200, { "content-type": "image/png", "cache-control": "max-age=3600" }).end(png);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const hazard: HazardStandIn = {
    base: `${url}/hazard`,
    put: (layer, z, x, y, png) => void hazardTiles.set(`${layer}/${z}/${x}/${y}`, png),
    fail: (status) => void (hazardFailure = status),
    reset: () => {
      hazardTiles.clear();
      hazardFailure = null;
    },
    served: () => hazardServed,
  };
  return { url, hazard, close: () => new Promise<void>((r) => server.close(() => r())) };
}
