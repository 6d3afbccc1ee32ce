/**
 * Generates the brand assets from the logo mark in
 * src/components/site-chrome/logo-mark.ts:
 *   public/logo.svg        the mark (512 px nominal, scalable)
 *   src/app/icon.svg       favicon (Next.js file convention → <link rel="icon">)
 *   src/app/apple-icon.png 180×180 touch icon
 *   public/ogp.png         1200×630 default social image (spec §9)
 *
 * Run: npx tsx scripts/generate-brand-assets.ts
 * Text in the OGP image is rasterised here, once, with the Zen Kaku Gothic New
 * files from @fontsource (WOFF, loaded through a private fontconfig file) and
 * the system's Noto Sans CJK JP as a fallback; nothing is downloaded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SITE } from "../src/lib/constants/site";
import { BRAND, MARK_BUILDINGS, MARK_GROUND, MARK_WINDOWS, markSvg } from "../src/components/site-chrome/logo-mark";

const root = path.resolve(import.meta.dirname, "..");
const out = (p: string) => path.join(root, p);

// fontconfig must be configured before libvips loads, hence the dynamic import below.
const fontDir = out("node_modules/@fontsource/zen-kaku-gothic-new/files");
const confDir = mkdtempSync(path.join(tmpdir(), "brand-fonts-"));
const confFile = path.join(confDir, "fonts.conf");
writeFileSync(
  confFile,
  `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${fontDir}</dir>
  <dir>/usr/share/fonts</dir>
  <cachedir>${path.join(confDir, "cache")}</cachedir>
</fontconfig>
`,
);
process.env.FONTCONFIG_FILE = confFile;
const { default: sharp } = await import("sharp");

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const FONT = `'Zen Kaku Gothic New', 'Noto Sans CJK JP', sans-serif`;

function ogpSvg(): string {
  const W = 1200;
  const H = 630;
  const mark = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s / 64})">
      <rect width="64" height="64" rx="12" fill="${BRAND.darker}" stroke="${BRAND.gold}" stroke-opacity="0.5" stroke-width="1"/>
      <path d="${MARK_BUILDINGS.join("")}" fill="${BRAND.gold}"/>
      <path d="${MARK_WINDOWS.join("")}" fill="${BRAND.darker}"/>
      <path d="${MARK_GROUND}" fill="${BRAND.goldLight}"/>
    </g>`;
  // Faint skyline in the background, drawn from the same building rhythm.
  const skyline = Array.from({ length: 18 }, (_, i) => {
    const w = 44 + ((i * 37) % 30);
    const h = 90 + ((i * 53) % 170);
    const x = i * 68 - 10;
    return `<rect x="${x}" y="${H - h}" width="${w}" height="${h}" fill="#ffffff" fill-opacity="${0.03 + ((i * 7) % 5) / 200}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3a3a3a"/>
      <stop offset="1" stop-color="${BRAND.darker}"/>
    </linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${BRAND.goldLight}"/>
      <stop offset="1" stop-color="${BRAND.gold}"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${skyline}
  <rect x="0" y="0" width="${W}" height="10" fill="url(#gold)"/>
  ${mark(110, 168, 104)}
  <text x="240" y="240" font-family="${FONT}" font-weight="700" font-size="76" fill="#ffffff" letter-spacing="4">${esc(SITE.title)}</text>
  <text x="243" y="294" font-family="${FONT}" font-weight="400" font-size="30" fill="${BRAND.goldLight}" letter-spacing="3">${esc(SITE.tagline)}</text>
  <rect x="110" y="356" width="96" height="4" fill="url(#gold)"/>
  <text x="110" y="430" font-family="${FONT}" font-weight="400" font-size="28" fill="#d1d1d1" letter-spacing="2">大阪・兵庫・京都の収益物件</text>
  <text x="110" y="476" font-family="${FONT}" font-weight="400" font-size="24" fill="#b0b0b0" letter-spacing="2">一棟マンション・一棟アパート・ビル・区分マンション・土地</text>
  <text x="110" y="566" font-family="${FONT}" font-weight="700" font-size="24" fill="#d1d1d1" letter-spacing="2">${esc(SITE.corporateName)}</text>
</svg>`;
}

mkdirSync(out("public"), { recursive: true });

writeFileSync(out("public/logo.svg"), markSvg(512) + "\n");
writeFileSync(out("src/app/icon.svg"), markSvg(64) + "\n");
await sharp(Buffer.from(markSvg(180, false)))
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(out("src/app/apple-icon.png"));
await sharp(Buffer.from(ogpSvg())).resize(1200, 630).removeAlpha().png({ compressionLevel: 9, palette: false }).toFile(out("public/ogp.png"));

rmSync(confDir, { recursive: true, force: true });
console.log("[brand] wrote public/logo.svg, public/ogp.png, src/app/icon.svg, src/app/apple-icon.png");
