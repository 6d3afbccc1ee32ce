/**
 * Text helpers. Lengths count user-perceived characters (grapheme clusters),
 * so an emoji or a surrogate-pair kanji such as 𠮷 counts as one.
 */

const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("ja", { granularity: "grapheme" }) : null;

/** Splits a string into user-perceived characters. */
export function graphemes(s: string): string[] {
  if (segmenter) return Array.from(segmenter.segment(s), (x) => x.segment);
  // Fallback: code points at least keep surrogate pairs together.
  return Array.from(s);
}

/** Number of user-perceived characters. */
export function charLength(s: string): number {
  return graphemes(s).length;
}

/**
 * Keeps the first `n` characters and appends `ellipsis` when something was cut
 * (spec §9: default 10 characters with an ellipsis). The ellipsis is not
 * counted in `n`; a string of at most `n` characters is returned unchanged.
 */
export function truncate(s: string | null | undefined, n = 10, ellipsis = "…"): string {
  if (!s) return "";
  // A string of at most n UTF-16 units has at most n characters: no segmentation needed (the common case).
  if (s.length <= n) return s;
  const chars = graphemes(s);
  if (chars.length <= n) return s;
  return chars.slice(0, Math.max(0, n)).join("") + ellipsis;
}

/**
 * Katakana to hiragana (ァ-ヶ → ぁ-ゖ, ヽヾ → ゝゞ); everything else unchanged.
 * The free-word index and the search terms are both folded this way, so
 * てんのうじ finds テンノウジ and マンション finds まんしょん.
 */
export function kanaFold(s: string): string {
  return /[\u30A1-\u30F6\u30FD\u30FE]/.test(s) ? s.replace(/[\u30A1-\u30F6\u30FD\u30FE]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60)) : s;
}
