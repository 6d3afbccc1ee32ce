/**
 * Words a listing's name, comments.main and comments.sub must not contain
 * (spec §5 "Property (admin)"), used by the admin listing editor and by the
 * seed (which checks every text it generates).
 *
 * Two sources, merged without duplicates:
 *  - SPEC_PROHIBITED_WORDS: the spec's list of about 34 entries (絶対, 完璧,
 *    格安, 激安, 最高, 日本一, 業界初, 早い者勝ち, 掘り出し物 and others);
 *  - KIYAKU_ART18_WORDS: the 35 特定用語 of 不動産の表示に関する公正競争規約
 *    第18条 (断定的な用語, 優位性・選別・最上級・価格の用語, 完売).
 *
 * Single characters such as 超 and 極 would otherwise refuse ordinary words
 * (月極駐車場, 積極的, 見極める, 築30年超え, 超高層), so an occurrence inside one of
 * the ALLOWED_COMPOUNDS is not a hit. The check runs on the NFKC form, so
 * half-width katakana and full-width letters cannot slip past it.
 */

export const SPEC_PROHIBITED_WORDS = [
  "絶対",
  "完璧",
  "格安",
  "激安",
  "最高",
  "日本一",
  "業界初",
  "早い者勝ち",
  "掘り出し物",
  "完全",
  "万全",
  "超",
  "抜群",
  "特選",
  "厳選",
  "破格",
  "特安",
  "日本初",
  "業界一",
  "当社だけ",
  "最新",
  "最適",
  "至便",
  "至近",
  "一級",
  "買得",
  "投売り",
  "掘出",
  "土地値",
  "完売",
  "最上",
  "特級",
  "お買い得",
  "他に類を見ない",
] as const;

/** 表示規約 第18条 特定用語 (35). */
export const KIYAKU_ART18_WORDS = [
  // (1) 全く欠けるところがない
  "完全",
  "完ぺき",
  "完璧",
  "絶対",
  "万全",
  // (2) 他の事業者より優位
  "日本一",
  "日本初",
  "業界一",
  "超",
  "当社だけ",
  "他に類を見ない",
  "抜群",
  "今だけ",
  // (3) 一定の基準で選別
  "特選",
  "厳選",
  // (4) 最上級
  "最高",
  "最高級",
  "極",
  "特級",
  "最新",
  "最適",
  "至便",
  "至近",
  "一級",
  // (5) 著しく安い
  "買得",
  "掘出",
  "土地値",
  "格安",
  "投売り",
  "破格",
  "特安",
  "激安",
  "バーゲンセール",
  "安値",
  // (6) 完売
  "完売",
] as const;

export const PROHIBITED_WORDS: readonly string[] = [...new Set<string>([...SPEC_PROHIBITED_WORDS, ...KIYAKU_ART18_WORDS])];

/** Ordinary words that contain a prohibited one; an occurrence inside them is not a hit. */
export const ALLOWED_COMPOUNDS: readonly string[] = ["月極", "積極", "見極", "京極", "北極", "南極", "両極", "極力", "超え", "超過", "超高層"];

const normalize = (text: string) => text.normalize("NFKC");

function insideAllowed(text: string, word: string, at: number): boolean {
  for (const c of ALLOWED_COMPOUNDS) {
    let i = c.indexOf(word);
    while (i >= 0) {
      const start = at - i;
      if (start >= 0 && text.startsWith(c, start)) return true;
      i = c.indexOf(word, i + 1);
    }
  }
  return false;
}

/**
 * The first prohibited word found in `text` (the longest one at the earliest
 * position, so 最高級 is named rather than 最高), or null.
 */
export function findProhibitedWord(text: string | null | undefined): string | null {
  if (!text) return null;
  const s = normalize(text);
  let best: { word: string; at: number } | null = null;
  for (const w of PROHIBITED_WORDS) {
    let at = s.indexOf(w);
    while (at >= 0 && insideAllowed(s, w, at)) at = s.indexOf(w, at + 1);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && w.length > best.word.length)) best = { word: w, at };
  }
  return best?.word ?? null;
}

/** The Japanese message naming the word: 物件名に使用できない語句「格安」が含まれています. */
export function prohibitedWordMessage(label: string, word: string): string {
  return `${label}に使用できない語句「${word}」が含まれています`;
}
