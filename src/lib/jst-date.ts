/** Calendar dates in Japan time (UTC+9, no DST), as the ISO text the database stores. */
const JST_MS = 9 * 3_600_000;
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Today in Japan time as 'YYYY-MM-DD', moved by `years` (the month/day are kept as text). */
export function jstDatePlusYears(now: Date, years: number): string {
  const d = new Date(now.getTime() + JST_MS);
  return `${pad(d.getUTCFullYear() + years, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The Japan-time calendar day of an instant (or an ISO text of one), as 'YYYY-MM-DD'. */
export function jstDay(at: Date | string): string {
  return jstDatePlusYears(at instanceof Date ? at : new Date(at), 0);
}

/** Today (or `now`'s day) in Japan time as 'YYYY-MM-DD': the listing editor's 情報更新日 rules, reminders, tests. */
export function jstToday(now: Date = new Date()): string {
  return jstDay(now);
}

/** Calendar year and month (1-12) of `now` in Japan time. */
export function jstYearMonth(now: Date): { year: number; month: number } {
  const d = new Date(now.getTime() + JST_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/** The first day of this Japan-time month, moved by `years`: 'YYYY-MM-01' (what residual_at is compared with). */
export function jstMonthPlusYears(now: Date, years: number): string {
  const { year, month } = jstYearMonth(now);
  return `${pad(year + years, 4)}-${pad(month)}-01`;
}
