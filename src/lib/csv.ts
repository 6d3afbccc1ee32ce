/**
 * CSV for staff (RFC 4180: CRLF, fields quoted when needed, quotes doubled).
 * Cells that a spreadsheet would run as a formula are prefixed with an
 * apostrophe (CSV injection): = + - @ at the start, also after leading
 * blanks, in their full-width (＝＋－＠), small (﹦﹢﹣﹫) and minus-sign (−)
 * forms, which Japanese Excel normalises to the ASCII ones, and a leading tab, CR or LF.
 */
export type CsvCell = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^(?:[\t\r\n]|[\s\u3000]*[=+\-@＝＋－＠﹦﹢﹣﹫−])/u;
const dateFmt = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return "";
  let s = v instanceof Date ? dateFmt.format(v) : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
  if (typeof v === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** UTF-8 with a BOM, so Excel opens it as UTF-8. */
export function utf8WithBom(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf], 0);
  out.set(body, 3);
  return out;
}
