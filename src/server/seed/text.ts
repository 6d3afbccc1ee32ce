/**
 * Text helpers of the seed: the words listing copy must not use, and a tiny
 * Markdown-ish renderer (headings and paragraphs only) for CMS bodies.
 */

/**
 * Words a listing's name and comments must not contain (spec §5 lists about
 * 34 such 特定用語; this is the known part plus the usual 不動産公正競争規約
 * terms). The seed checks every text it generates against it.
 */
export const SEED_PROHIBITED_WORDS = [
  "絶対", "完璧", "格安", "激安", "最高", "日本一", "業界初", "早い者勝ち", "掘り出し物", "完全", "万全", "超", "抜群",
  "特選", "厳選", "破格", "特安", "日本初", "業界一", "当社だけ", "最新", "最適", "至便", "至近", "一級", "買得",
  "投売り", "掘出", "土地値", "完売", "最上", "特級", "お買い得", "他に類を見ない",
] as const;

export function findProhibitedWord(text: string | null | undefined): string | null {
  if (!text) return null;
  for (const w of SEED_PROHIBITED_WORDS) if (text.includes(w)) return w;
  return null;
}

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
    const lines = raw.split("\n").map((l) => l.trim()).filter(Boolean);
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
