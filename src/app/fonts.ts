import localFont from "next/font/local";

/**
 * Zen Kaku Gothic New 400 and 700, subset at build time by scripts/subset-fonts.ts (run by
 * `npm run build` / `npm run dev`) into src/app/fonts/: one file per weight, hashed and preloaded by
 * next/font, swapped in over the fallback face (fonts/fallback.css: the device's Japanese gothic with
 * Zen Kaku's vertical metrics), which also draws the characters left out of the subset.
 * Used by both root documents (layout.tsx, global-not-found.tsx) through the CSS variable.
 */
export const zenKakuGothicNew = localFont({
  src: [
    { path: "./fonts/zen-kaku-gothic-new-400.woff2", weight: "400", style: "normal" },
    { path: "./fonts/zen-kaku-gothic-new-700.woff2", weight: "700", style: "normal" },
  ],
  display: "swap",
  preload: true,
  adjustFontFallback: false,
  // Single quotes: next/font pastes these into a double-quoted JS string.
  fallback: ["'Zen Kaku Gothic New Fallback'", "'Hiragino Kaku Gothic ProN'", "'Noto Sans JP'", "Meiryo", "sans-serif"],
  variable: "--font-zen-kaku-gothic-new",
});
