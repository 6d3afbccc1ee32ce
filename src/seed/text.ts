/**
 * Text helpers of the seed: the words listing copy must not use, and a tiny
 * Markdown-ish renderer (headings and paragraphs only) for CMS bodies.
 */

import { findProhibitedWord, PROHIBITED_WORDS } from "@/lib/constants/prohibited-words";

/**
 * Words a listing's name and comments must not contain: the one list of
 * src/lib/constants/prohibited-words.ts (spec §5 plus 表示規約 第18条), also
 * used by the admin listing editor. The seed checks every text it generates.
 */
export const SEED_PROHIBITED_WORDS = PROHIBITED_WORDS;
export { findProhibitedWord };

/** Throws when generated copy contains a prohibited word (a bug in the seed's templates). */
export function assertClean(text: string, where: string): string {
  const w = findProhibitedWord(text);
  if (w) throw new Error(`seed: prohibited word 「${w}」 in ${where}: ${text}`);
  return text;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * Markdown-ish → safe HTML: "## " / "### " lines become h2 / h3, blank-line
 * separated blocks become paragraphs (single newlines become <br>).
 * Everything is escaped; no other markup is produced.
 */
export function renderSimpleMarkdown(md: string): string {
  const out: string[] = [];
  const blocks = md.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  for (const raw of blocks) {
    const lines = raw
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
    let para: string[] = [];
    const flush = () => {
      if (para.length) out.push(`<p>${para.map(escapeHtml).join("<br>")}</p>`);
      para = [];
    };
    for (const line of lines) {
      const h = /^(#{2,3})\s+(.+)$/.exec(line);
      if (h) {
        flush();
        const level = (h[1] ?? "##").length;
        out.push(`<h${level}>${escapeHtml(h[2] ?? "")}</h${level}>`);
      } else {
        para.push(line);
      }
    }
    flush();
  }
  return out.join("\n");
}
