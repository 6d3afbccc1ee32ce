/**
 * The site font, cut to what a page needs, at build time and offline: `npm run build` / `npm run dev`
 * run this first (`tsx scripts/subset-fonts.ts`); it does nothing when its inputs have not changed.
 *
 * Source: Zen Kaku Gothic New 400 and 700 as Google Fonts ships them (the full TTFs in
 * @expo-google-fonts/zen-kaku-gothic-new), cut with harfbuzz (subset-font) into one WOFF2 per weight
 * under src/app/fonts/ (not committed), loaded by src/app/fonts.ts (next/font/local: hashed, immutable,
 * preloaded). Why one file per weight and a byte cap: every page of the site uses most of the kanji the
 * interface uses, so unicode-range slices (what @fontsource ships, ~120 per weight) all get fetched and
 * cost 300–650 KiB a page; one preloaded file per weight is a single request each and a known size.
 *
 * What goes in, per weight:
 *   - every non-kanji character: ASCII, kana, CJK punctuation and full-width forms, and every other
 *     symbol the public pages' sources contain (cheap: ~23 KB);
 *   - kanji in order of use: the number of public page sources (src/app without the admin area,
 *     src/components without admin/, src/lib, src/schemas) that contain them, then how often they occur
 *     in the master data (place and station names), as many as fit the weight's byte cap (BUDGET).
 * Whatever is left out (rare interface kanji, and what staff type: listing names, addresses, blog
 * text) is drawn by the fallback face written to fallback.css: the phone's own Japanese gothic
 * (Hiragino / Noto Sans CJK / Yu Gothic / Meiryo) under Zen Kaku's vertical metrics, so a line never
 * moves when the web font arrives or when a character comes from the fallback.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "src", "app", "fonts");
const sourceDir = path.join(root, "node_modules", "@expo-google-fonts", "zen-kaku-gothic-new");

/**
 * Compressed bytes per weight. Issue 21 allows 120 KiB of fonts per page; both files together stay
 * about 15 KiB under it so a few more interface characters do not break the budget (tests/e2e/page-weight.test.ts).
 * 400 gets more: most text on a page is regular.
 */
export const BUDGET = { 400: 64_000, 700: 44_000 } as const;
const WEIGHTS = [
  { weight: 400, file: "400Regular/ZenKakuGothicNew_400Regular.ttf" },
  { weight: 700, file: "700Bold/ZenKakuGothicNew_700Bold.ttf" },
] as const;

const isHan = (ch: string) => /\p{Script=Han}/u.test(ch);

function files(dir: string, skip: string[], out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!skip.includes(e.name) && e.name !== "fonts") files(p, skip, out);
    } else if (/\.(tsx?|css)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The characters to keep, in the order they are given up when a weight's cap is reached (last first). */
function characters(): { base: string; kanji: string[] } {
  const sources = [
    ...files(path.join(root, "src", "app"), ["(admin)", "(preview)"]),
    ...files(path.join(root, "src", "components"), ["admin"]),
    ...files(path.join(root, "src", "lib"), []),
    ...files(path.join(root, "src", "schemas"), []),
  ].sort();
  const inFiles = new Map<string, number>();
  const base = new Set<string>();
  for (let c = 0x20; c < 0x7f; c++) base.add(String.fromCharCode(c));
  for (const [from, to] of [
    [0x3000, 0x303f], // CJK punctuation
    [0x3041, 0x3096], // hiragana
    [0x309b, 0x309e],
    [0x30a1, 0x30fe], // katakana
    [0xff01, 0xff5e], // full-width ASCII
  ] as const)
    for (let c = from; c <= to; c++) base.add(String.fromCodePoint(c));
  for (const f of sources) {
    for (const ch of new Set(readFileSync(f, "utf8"))) {
      if (ch.codePointAt(0)! < 0x80) continue;
      if (isHan(ch)) inFiles.set(ch, (inFiles.get(ch) ?? 0) + 1);
      else if (/\p{L}|\p{N}|\p{S}|\p{P}/u.test(ch)) base.add(ch);
    }
  }
  const inData = new Map<string, number>();
  for (const f of ["municipalities.json", "railways.json", "areas.json"]) {
    for (const ch of readFileSync(path.join(root, "src", "master-data", f), "utf8")) if (isHan(ch)) inData.set(ch, (inData.get(ch) ?? 0) + 1);
  }
  const kanji = [...new Set([...inFiles.keys(), ...inData.keys()])].sort(
    (a, b) => (inFiles.get(b) ?? 0) - (inFiles.get(a) ?? 0) || (inData.get(b) ?? 0) - (inData.get(a) ?? 0) || a.codePointAt(0)! - b.codePointAt(0)!,
  );
  return { base: [...base].sort().join(""), kanji };
}

const subset = (font: Buffer, text: string) => subsetFont(font, text, { targetFormat: "woff2", keepFeatures: ["kern"] });

/** The longest prefix of `kanji` that keeps the file within `cap` bytes (binary search: sizes grow with the prefix). */
async function fit(font: Buffer, base: string, kanji: string[], cap: number): Promise<{ woff2: Buffer; count: number }> {
  let lo = 0;
  let hi = kanji.length;
  let best = await subset(font, base);
  if (best.length > cap) throw new Error(`the characters every page needs alone take ${best.length} bytes (cap ${cap})`);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const woff2 = await subset(font, base + kanji.slice(0, mid).join(""));
    if (woff2.length <= cap) {
      lo = mid;
      best = woff2;
    } else hi = mid - 1;
  }
  return { woff2: best, count: lo };
}

/** ascent/descent/line gap (hhea, as browsers use it when USE_TYPO_METRICS is off) in % of the em. */
function verticalMetrics(font: Buffer): { ascent: number; descent: number; lineGap: number } {
  const tables = new Map<string, number>();
  for (let i = 0, n = font.readUInt16BE(4); i < n; i++) tables.set(font.toString("latin1", 12 + 16 * i, 16 + 16 * i), font.readUInt32BE(20 + 16 * i));
  const head = tables.get("head");
  const hhea = tables.get("hhea");
  if (head === undefined || hhea === undefined) throw new Error("font without head/hhea");
  const upm = font.readUInt16BE(head + 18);
  const pct = (v: number) => Number(((Math.abs(v) / upm) * 100).toFixed(2));
  return { ascent: pct(font.readInt16BE(hhea + 4)), descent: pct(font.readInt16BE(hhea + 6)), lineGap: pct(font.readInt16BE(hhea + 8)) };
}

function fallbackCss(m: { ascent: number; descent: number; lineGap: number }): string {
  // local() names: full and PostScript names of the Japanese gothics phones and desktops ship.
  const faces = {
    400: [
      "Hiragino Sans W3",
      "HiraginoSans-W3",
      "Hiragino Kaku Gothic ProN W3",
      "HiraKakuProN-W3",
      "Noto Sans CJK JP",
      "NotoSansCJKjp-Regular",
      "Noto Sans JP Regular",
      "NotoSansJP-Regular",
      "Yu Gothic Medium",
      "YuGothic-Medium",
      "Meiryo",
    ],
    700: [
      "Hiragino Sans W6",
      "HiraginoSans-W6",
      "Hiragino Kaku Gothic ProN W6",
      "HiraKakuProN-W6",
      "Noto Sans CJK JP Bold",
      "NotoSansCJKjp-Bold",
      "Noto Sans JP Bold",
      "NotoSansJP-Bold",
      "Yu Gothic Bold",
      "YuGothic-Bold",
      "Meiryo Bold",
    ],
  };
  return [
    "/* Generated by scripts/subset-fonts.ts: do not edit. */",
    "/*",
    " * Characters outside the subset, and all text until the web font arrives, come from this face: the",
    " * device's Japanese gothic under Zen Kaku Gothic New's vertical metrics, so lines keep their height",
    " * and baseline when the font swaps in. size-adjust stays 100%: kana and kanji are one em wide in every",
    " * Japanese font, and most of a line is those; scaling them would put out-of-subset kanji at the wrong size.",
    " */",
    ...([400, 700] as const).map((w) =>
      [
        "@font-face {",
        '  font-family: "Zen Kaku Gothic New Fallback";',
        `  font-weight: ${w};`,
        `  src: ${faces[w].map((n) => `local("${n}")`).join(", ")};`,
        "  size-adjust: 100%;",
        `  ascent-override: ${m.ascent}%;`,
        `  descent-override: ${m.descent}%;`,
        `  line-gap-override: ${m.lineGap}%;`,
        "}",
      ].join("\n"),
    ),
    "",
  ].join("\n");
}

export async function subsetFonts(opts: { force?: boolean; quiet?: boolean } = {}): Promise<void> {
  const log = (s: string) => !opts.quiet && console.log(`[fonts] ${s}`);
  const { base, kanji } = characters();
  const sources = WEIGHTS.map((w) => readFileSync(path.join(sourceDir, w.file)));
  const key = createHash("sha256")
    .update(readFileSync(import.meta.filename))
    .update(JSON.stringify({ base, kanji, BUDGET }))
    .update(Buffer.concat(sources.map((s) => createHash("sha256").update(s).digest())))
    .digest("hex");
  const stamp = path.join(outDir, ".inputs");
  const outputs = [...WEIGHTS.map((w) => path.join(outDir, `zen-kaku-gothic-new-${w.weight}.woff2`)), path.join(outDir, "fallback.css")];
  if (!opts.force && existsSync(stamp) && readFileSync(stamp, "utf8") === key && outputs.every((o) => existsSync(o))) {
    log("subsets up to date");
    return;
  }
  mkdirSync(outDir, { recursive: true });
  const t = performance.now();
  for (const [i, w] of WEIGHTS.entries()) {
    const { woff2, count } = await fit(sources[i]!, base, kanji, BUDGET[w.weight]);
    writeFileSync(outputs[i]!, woff2);
    log(`${w.weight}: ${base.length} non-kanji + ${count} of ${kanji.length} kanji, ${(woff2.length / 1024).toFixed(1)} KiB`);
  }
  writeFileSync(outputs[2]!, fallbackCss(verticalMetrics(sources[0]!)));
  writeFileSync(stamp, key);
  log(`written to src/app/fonts/ in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith("subset-fonts.ts")) {
  await subsetFonts({ force: process.argv.includes("--force") });
}
