/**
 * Generated listing pictures (no downloads): SVG drawings of a façade with
 * windows, a sky gradient and the type name, rendered by sharp through
 * storage/images.ts. A pool of distinct pictures is rendered once and stored
 * by content hash under {UPLOAD_DIR}/seed-pool; listings get hard links (or
 * copies) of those files under their own generated names.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { typeName } from "@/lib/constants/investment";
import { IMAGE_VARIANTS, encodeImage, linkStoredImage, variantFileName, type StorageOptions, type StoredImage } from "@/server/media";
import { mediaStore } from "@/server/media";
import { Rng } from "./prng";

export interface PoolPicture {
  typeCd: number;
  floors: number;
  /** caption stored in investment_images.comment */
  comment: string;
  /** Store folder of the pool (`seed-pool/`). */
  folder: string;
  name: string;
  width: number;
  height: number;
}

interface PictureSpec {
  typeCd: number;
  floors: number;
  variant: number;
  view: "exterior" | "street" | "dusk";
}

const W = 1200;
const H = 900;
const GROUND = 760;

const SKIES: Record<PictureSpec["view"], [string, string]> = {
  exterior: ["#6fa8dc", "#dbeaf7"],
  street: ["#8fc1e8", "#f3f1e6"],
  dusk: ["#35457a", "#f0a57c"],
};

const FACADES = ["#e8e2d6", "#d9cbb5", "#c9c5bf", "#b9a58f", "#f1efe9", "#a7a9ac", "#cdb8a0", "#9aa7b3"];
const ACCENTS = ["#7a5c3e", "#4a5a6a", "#8a7f72", "#5b6e5a", "#6b4f4f", "#3f4b5b"];

/** Sharp renders SVG text with fontconfig; any installed CJK font will do. */
const FONT = "'Noto Sans CJK JP','Noto Sans JP','Zen Kaku Gothic New','Hiragino Sans','Yu Gothic',sans-serif";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function windowColor(rng: Rng, dusk: boolean): string {
  if (dusk) return rng.chance(0.55) ? "#ffd98a" : "#2d3550";
  return rng.pick(["#9cc3e0", "#a9cbe3", "#8fb4d2", "#b7d3e8"]);
}

function trees(rng: Rng, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = rng.pick([rng.int(30, 200), rng.int(1000, 1170)]);
    const r = rng.int(34, 60);
    out += `<rect x="${x - 5}" y="${GROUND - 70}" width="10" height="70" fill="#6b4f35"/>`;
    out += `<circle cx="${x}" cy="${GROUND - 70 - r * 0.6}" r="${r}" fill="${rng.pick(["#4f7d4a", "#5e8c55", "#3f6e45"])}"/>`;
  }
  return out;
}

function backdrop(rng: Rng, view: PictureSpec["view"]): string {
  const [top, bottom] = SKIES[view];
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`;
  out += `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  if (view !== "dusk") {
    for (let i = 0; i < 3; i++) {
      const cx = rng.int(80, 1120);
      const cy = rng.int(70, 220);
      out += `<ellipse cx="${cx}" cy="${cy}" rx="${rng.int(70, 130)}" ry="${rng.int(22, 36)}" fill="#ffffff" opacity="0.7"/>`;
    }
  }
  // Distant buildings.
  let x = -20;
  const far = view === "dusk" ? "#4b4f6b" : "#b8c3cc";
  while (x < W) {
    const w = rng.int(60, 160);
    const h = rng.int(120, 330);
    out += `<rect x="${x}" y="${GROUND - h}" width="${w}" height="${h}" fill="${far}" opacity="0.8"/>`;
    x += w + rng.int(0, 30);
  }
  out += `<rect x="0" y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${view === "dusk" ? "#3c3c44" : "#7d7d7a"}"/>`;
  out += `<rect x="0" y="${GROUND}" width="${W}" height="18" fill="${view === "dusk" ? "#55555c" : "#b9b6ad"}"/>`;
  return out;
}

/** 一棟マンション / 区分 / 社員寮: a mid- or high-rise with balconies. */
function mansion(rng: Rng, floors: number, dusk: boolean, highlight: boolean): string {
  const bw = highlight ? rng.int(300, 360) : rng.int(400, 540);
  const fh = Math.min(58, Math.floor(600 / floors));
  const bh = floors * fh + 24;
  const x = Math.round((W - bw) / 2) + rng.int(-80, 80);
  const y = GROUND - bh;
  const facade = rng.pick(FACADES);
  const accent = rng.pick(ACCENTS);
  let out = `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="${facade}" stroke="${accent}" stroke-width="3"/>`;
  out += `<rect x="${x - 8}" y="${y - 10}" width="${bw + 16}" height="14" fill="${accent}"/>`;
  const cols = Math.max(3, Math.round(bw / 95));
  const cw = (bw - 30) / cols;
  for (let f = 0; f < floors; f++) {
    const fy = y + 24 + f * fh;
    const isGround = f === floors - 1;
    for (let c = 0; c < cols; c++) {
      const wx = x + 15 + c * cw;
      if (isGround && c === Math.floor(cols / 2)) {
        out += `<rect x="${wx + 6}" y="${fy + 6}" width="${cw - 12}" height="${fh - 6}" fill="#5d6d7e"/>`;
        continue;
      }
      out += `<rect x="${wx + 8}" y="${fy + 6}" width="${cw - 16}" height="${fh * 0.55}" fill="${windowColor(rng, dusk)}"/>`;
      if (!isGround) out += `<rect x="${wx + 4}" y="${fy + fh * 0.62}" width="${cw - 8}" height="${fh * 0.22}" fill="${accent}" opacity="0.55"/>`;
    }
  }
  if (highlight) {
    const f = rng.int(1, Math.max(1, floors - 3));
    out += `<rect x="${x - 6}" y="${y + 24 + f * fh}" width="${bw + 12}" height="${fh}" fill="none" stroke="#c9a227" stroke-width="6"/>`;
  }
  return out;
}

/** 一棟アパート: two or three floors with an open corridor and stairs. */
function apartment(rng: Rng, floors: number, dusk: boolean): string {
  const bw = rng.int(560, 660);
  const fh = 110;
  const bh = floors * fh;
  const x = Math.round((W - bw) / 2) + rng.int(-60, 60);
  const y = GROUND - bh;
  const facade = rng.pick(FACADES);
  const accent = rng.pick(ACCENTS);
  let out = "";
  if (rng.chance(0.5)) out += `<polygon points="${x - 20},${y} ${x + bw / 2},${y - 70} ${x + bw + 20},${y}" fill="${accent}"/>`;
  else out += `<rect x="${x - 10}" y="${y - 14}" width="${bw + 20}" height="16" fill="${accent}"/>`;
  out += `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="${facade}" stroke="${accent}" stroke-width="3"/>`;
  const units = Math.max(3, Math.round(bw / 130));
  const uw = bw / units;
  for (let f = 0; f < floors; f++) {
    const fy = y + f * fh;
    out += `<rect x="${x}" y="${fy + fh - 16}" width="${bw}" height="10" fill="${accent}" opacity="0.7"/>`;
    for (let u = 0; u < units; u++) {
      const ux = x + u * uw;
      out += `<rect x="${ux + 14}" y="${fy + 22}" width="${uw * 0.32}" height="${fh - 44}" fill="#6e5b4a"/>`;
      out += `<rect x="${ux + uw * 0.5}" y="${fy + 24}" width="${uw * 0.38}" height="${fh * 0.38}" fill="${windowColor(rng, dusk)}"/>`;
    }
  }
  // External stairs.
  const sx = x + bw + 4;
  out += `<polygon points="${sx},${GROUND} ${sx + 70},${GROUND} ${sx + 70},${y + 10} ${sx},${y + 10}" fill="none" stroke="${accent}" stroke-width="5"/>`;
  for (let i = 1; i < floors * 4; i++)
    out += `<line x1="${sx}" y1="${GROUND - i * (bh / (floors * 4))}" x2="${sx + 70}" y2="${GROUND - i * (bh / (floors * 4)) - 18}" stroke="${accent}" stroke-width="3"/>`;
  return out;
}

/** ビル: glass grid with a shop front and awning. */
function office(rng: Rng, floors: number, dusk: boolean): string {
  const bw = rng.int(320, 420);
  const fh = Math.min(62, Math.floor(620 / floors));
  const bh = floors * fh + 20;
  const x = Math.round((W - bw) / 2) + rng.int(-100, 100);
  const y = GROUND - bh;
  const frame = rng.pick(["#5a6470", "#8c8f94", "#3f4650", "#a08c74"]);
  let out = `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="${frame}"/>`;
  const cols = Math.max(3, Math.round(bw / 70));
  const cw = (bw - 20) / cols;
  for (let f = 0; f < floors - 1; f++) {
    const fy = y + 16 + f * fh;
    for (let c = 0; c < cols; c++) {
      const glass = dusk ? windowColor(rng, true) : rng.pick(["#7fa6c4", "#8db2cf", "#6f97b8"]);
      out += `<rect x="${x + 10 + c * cw + 3}" y="${fy + 5}" width="${cw - 6}" height="${fh - 12}" fill="${glass}"/>`;
    }
  }
  const gy = GROUND - fh;
  out += `<rect x="${x + 10}" y="${gy + 4}" width="${bw - 20}" height="${fh - 4}" fill="${dusk ? "#ffe3a3" : "#dfe8ee"}"/>`;
  out += `<polygon points="${x + 4},${gy} ${x + bw - 4},${gy} ${x + bw + 10},${gy + 22} ${x - 10},${gy + 22}" fill="${rng.pick(["#b5473a", "#2f6d5a", "#c9a227", "#34547a"])}"/>`;
  out += `<rect x="${x + bw - 34}" y="${y + 30}" width="22" height="${Math.min(200, bh / 2)}" fill="#f4f1ea" stroke="${frame}" stroke-width="2"/>`;
  return out;
}

/** 戸建 / 店舗付住宅 / 簡易宿所: a two-storey house with a pitched roof. */
function house(rng: Rng, floors: number, dusk: boolean, shop: boolean): string {
  const bw = rng.int(340, 420);
  const bh = Math.max(1, floors) * 130;
  const x = Math.round((W - bw) / 2) + rng.int(-80, 80);
  const y = GROUND - bh;
  const facade = rng.pick(FACADES);
  const roof = rng.pick(["#4a4f57", "#6b4a3a", "#3b4a5c", "#5a5a52"]);
  let out = `<polygon points="${x - 30},${y} ${x + bw / 2},${y - 120} ${x + bw + 30},${y}" fill="${roof}"/>`;
  out += `<rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="${facade}" stroke="#6b6b6b" stroke-width="2"/>`;
  for (let f = 0; f < Math.max(1, floors); f++) {
    const fy = y + f * 130;
    const ground = f === Math.max(1, floors) - 1;
    if (ground && shop) {
      out += `<rect x="${x + 20}" y="${fy + 30}" width="${bw - 40}" height="100" fill="#9a9a9a"/>`;
      for (let i = 0; i < 8; i++)
        out += `<line x1="${x + 20}" y1="${fy + 40 + i * 11}" x2="${x + bw - 20}" y2="${fy + 40 + i * 11}" stroke="#7d7d7d" stroke-width="3"/>`;
      continue;
    }
    out += `<rect x="${x + 30}" y="${fy + 30}" width="90" height="70" fill="${windowColor(rng, dusk)}" stroke="#ffffff" stroke-width="4"/>`;
    out += `<rect x="${x + bw - 120}" y="${fy + 30}" width="90" height="70" fill="${windowColor(rng, dusk)}" stroke="#ffffff" stroke-width="4"/>`;
    if (ground) out += `<rect x="${x + bw / 2 - 32}" y="${fy + 40}" width="64" height="90" fill="#7a5c3e"/>`;
  }
  out += `<rect x="${x - 60}" y="${GROUND - 40}" width="${bw + 120}" height="8" fill="#d8d2c4"/>`;
  return out;
}

/** 土地 / 駐車場: a levelled lot with a fence and a sign board. */
function lot(rng: Rng, parking: boolean): string {
  let out = `<rect x="120" y="${GROUND - 40}" width="960" height="58" fill="${parking ? "#6f6f6f" : "#b59b72"}"/>`;
  if (parking) {
    for (let i = 0; i < 8; i++) out += `<rect x="${150 + i * 115}" y="${GROUND - 36}" width="6" height="50" fill="#f2f2f2"/>`;
  } else {
    for (let i = 0; i < 14; i++) out += `<ellipse cx="${rng.int(150, 1050)}" cy="${GROUND - rng.int(10, 30)}" rx="${rng.int(20, 45)}" ry="8" fill="#7d9b5a"/>`;
  }
  for (let i = 0; i <= 16; i++) out += `<rect x="${120 + i * 60}" y="${GROUND - 90}" width="6" height="70" fill="#8a8a8a"/>`;
  out += `<rect x="120" y="${GROUND - 80}" width="966" height="5" fill="#8a8a8a"/><rect x="120" y="${GROUND - 50}" width="966" height="5" fill="#8a8a8a"/>`;
  const sx = rng.int(760, 900);
  out += `<rect x="${sx + 96}" y="${GROUND - 130}" width="8" height="110" fill="#8a8a8a"/>`;
  out += `<rect x="${sx}" y="${GROUND - 250}" width="200" height="120" fill="#ffffff" stroke="#c9a227" stroke-width="6"/>`;
  out += `<text x="${sx + 100}" y="${GROUND - 168}" font-family="${FONT}" font-size="54" font-weight="700" fill="${parking ? "#34547a" : "#b5473a"}" text-anchor="middle">${parking ? "P" : "売地"}</text>`;
  return out;
}

function svgFor(spec: PictureSpec, rng: Rng): string {
  const dusk = spec.view === "dusk";
  let body: string;
  switch (spec.typeCd) {
    case 1:
      body = mansion(rng, spec.floors, dusk, false);
      break;
    case 6:
      body = mansion(rng, spec.floors, dusk, true);
      break;
    case 2:
      body = apartment(rng, spec.floors, dusk);
      break;
    case 3:
      body = office(rng, spec.floors, dusk);
      break;
    case 4:
      body = house(rng, spec.floors, dusk, false);
      break;
    case 5:
      body = lot(rng, false);
      break;
    default:
      body = spec.variant % 2 === 0 ? house(rng, 2, dusk, true) : lot(rng, true);
  }
  const label = spec.typeCd === 99 ? "収益物件" : (typeName(spec.typeCd) ?? "収益物件");
  const caption = `<rect x="0" y="${H - 80}" width="${W}" height="80" fill="#1f1f1f" opacity="0.62"/>
<text x="40" y="${H - 26}" font-family="${FONT}" font-size="40" font-weight="700" fill="#ffffff">${esc(label)}</text>
<text x="${W - 40}" y="${H - 28}" font-family="${FONT}" font-size="26" fill="#e7d28c" text-anchor="end">イメージ</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${backdrop(rng, spec.view)}${body}${trees(rng, rng.int(1, 3))}${caption}</svg>`;
}

/** The pool: 24 pictures over the types, floor counts and times of day. */
const POOL_SPECS: PictureSpec[] = [
  { typeCd: 1, floors: 4, variant: 0, view: "exterior" },
  { typeCd: 1, floors: 6, variant: 1, view: "street" },
  { typeCd: 1, floors: 9, variant: 2, view: "exterior" },
  { typeCd: 1, floors: 12, variant: 3, view: "dusk" },
  { typeCd: 1, floors: 5, variant: 4, view: "dusk" },
  { typeCd: 2, floors: 2, variant: 0, view: "exterior" },
  { typeCd: 2, floors: 2, variant: 1, view: "street" },
  { typeCd: 2, floors: 3, variant: 2, view: "exterior" },
  { typeCd: 2, floors: 3, variant: 3, view: "dusk" },
  { typeCd: 3, floors: 4, variant: 0, view: "street" },
  { typeCd: 3, floors: 7, variant: 1, view: "exterior" },
  { typeCd: 3, floors: 10, variant: 2, view: "dusk" },
  { typeCd: 4, floors: 2, variant: 0, view: "exterior" },
  { typeCd: 4, floors: 2, variant: 1, view: "street" },
  { typeCd: 4, floors: 1, variant: 2, view: "dusk" },
  { typeCd: 5, floors: 0, variant: 0, view: "exterior" },
  { typeCd: 5, floors: 0, variant: 1, view: "street" },
  { typeCd: 5, floors: 0, variant: 2, view: "dusk" },
  { typeCd: 6, floors: 8, variant: 0, view: "exterior" },
  { typeCd: 6, floors: 11, variant: 1, view: "street" },
  { typeCd: 6, floors: 14, variant: 2, view: "dusk" },
  { typeCd: 99, floors: 2, variant: 0, view: "exterior" },
  { typeCd: 99, floors: 2, variant: 1, view: "street" },
  { typeCd: 99, floors: 2, variant: 2, view: "dusk" },
];

const VIEW_COMMENT: Record<PictureSpec["view"], string> = {
  exterior: "外観（イメージ）",
  street: "前面道路からの外観（イメージ）",
  dusk: "夕景（イメージ）",
};

async function runLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

/**
 * Renders (or reuses, by content hash) the picture pool under {root}/seed-pool.
 * A second run with unchanged drawings renders nothing.
 */
export async function buildPicturePool(opts: StorageOptions & { seed?: string } = {}): Promise<PoolPicture[]> {
  const folder = "seed-pool/";
  const store = await mediaStore(opts);
  const rng = new Rng(`${opts.seed ?? "kansai-demo"}:pictures`);
  const specs = POOL_SPECS.map((spec) => ({ spec, svg: svgFor(spec, rng.fork(`${spec.typeCd}-${spec.variant}`)) }));
  return runLimited(specs, 2, async ({ spec, svg }) => {
    const name = createHash("sha256").update(svg).digest("hex").slice(0, 32);
    const keys = IMAGE_VARIANTS.map((v) => folder + variantFileName(name, v));
    let width = W;
    let height = H;
    if (!(await Promise.all(keys.map((k) => store.exists(k)))).every(Boolean)) {
      const encoded = await encodeImage(await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer());
      width = encoded.width;
      height = encoded.height;
      await store.putMany(IMAGE_VARIANTS.map((v, i) => [keys[i] as string, encoded.files[v]] as const));
    }
    return { typeCd: spec.typeCd, floors: spec.floors, comment: VIEW_COMMENT[spec.view], folder, name, width, height };
  });
}

/** Picks 2-4 pool pictures for a listing (same type, the closest floor count first) and links them in. */
export async function attachPictures(
  rng: Rng,
  pool: readonly PoolPicture[],
  investmentId: number,
  typeCd: number,
  floors: number,
  opts: StorageOptions = {},
): Promise<(StoredImage & { comment: string })[]> {
  const same = pool.filter((p) => p.typeCd === typeCd);
  const candidates = (same.length ? same : pool).slice().sort((a, b) => Math.abs(a.floors - floors) - Math.abs(b.floors - floors));
  const first = candidates[0];
  if (!first) return [];
  const rest = rng.shuffle(candidates.slice(1));
  const n = Math.min(candidates.length, rng.int(2, 4));
  const chosen = [first, ...rest].slice(0, n);
  const out: (StoredImage & { comment: string })[] = [];
  for (const p of chosen) out.push({ ...(await linkStoredImage(p, investmentId, opts)), comment: p.comment });
  return out;
}
