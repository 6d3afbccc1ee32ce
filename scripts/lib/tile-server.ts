import { createServer, type Server } from "node:http";
import sharp from "sharp";

/**
 * A stand-in for the base-map tile server (MAP_TILE_URL) on loopback (e2e
 * global setup, front-end bench): every
 * /{z}/{x}/{y}.png is a generated 256 px PNG (a pale ground, a grid line and
 * the tile's coordinates drawn in), so the browser tests never reach the real
 * 地理院タイル servers. GET /count answers how many tiles were served.
 */
export async function startTileServer(): Promise<{ url: string; close: () => Promise<void> }> {
  let served = 0;
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
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
