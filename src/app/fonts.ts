import localFont from "next/font/local";

/**
 * Zen Kaku Gothic New 400 and 700, subset at build time by scripts/subset-fonts.ts (run by
 * `npm run build` / `npm run dev`) into src/app/fonts/: one file per weight, hashed by next/font,
 * swapped in over the fallback face (fonts/fallback.css: the device's Japanese gothic with Zen Kaku's
 * vertical metrics), which also draws the characters left out of the subset.
 * Not preloaded: the page asks for it only after its load event (web-font-swap.tsx, globals.css
 * --font-site), so on a phone's first visit its ~105 KiB do not share the line with the scripts and
 * the first photos; later pages of the visit take it from the cache at once.
 * Used by both root documents (layout.tsx, global-not-found.tsx) through the CSS variable.
 */
export const zenKakuGothicNew = localFont({
  src: [
    { path: "./fonts/zen-kaku-gothic-new-400.woff2", weight: "400", style: "normal" },
    { path: "./fonts/zen-kaku-gothic-new-700.woff2", weight: "700", style: "normal" },
  ],
  display: "swap",
  preload: false,
  adjustFontFallback: false,
  // Single quotes: next/font pastes these into a double-quoted JS string.
  fallback: ["'Zen Kaku Gothic New Fallback'", "'Hiragino Kaku Gothic ProN'", "'Noto Sans JP'", "Meiryo", "sans-serif"],
  variable: "--font-zen-kaku-gothic-new",
});
