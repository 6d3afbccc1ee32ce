/** Dates as the site shows them, always in Japan time (the server may run in UTC). */
const dateFmt = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "long", day: "numeric" });
const dotFmt = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit" });
const ymdFmt = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit" });

/** 2026年11月21日 */
export function formatDateJa(d: Date): string {
  return dateFmt.format(d);
}

/** 2026.11.21 */
export function formatDateDots(d: Date): string {
  return dotFmt.format(d).replace(/\//g, ".");
}

/** 2026-11-21 (Japan date, for <time dateTime>) */
export function isoDateJst(d: Date): string {
  return ymdFmt.format(d);
}

/** "2026-10" → 2026年10月 (a sales record's month); other shapes are returned as they are. */
export function formatYearMonth(ym: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(ym);
  return m ? `${m[1]}年${Number(m[2])}月` : ym;
}
