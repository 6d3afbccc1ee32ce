/**
 * Cash-flow amounts in 万円 (a module of its own, not src/lib/price.ts: that one is in every search
 * form's bundle, which has no cash-flow figure and a byte budget; tests/e2e/page-weight.test.ts).
 */
import { withCommas } from "@/lib/price";

/**
 * An amount of yen in 万円 with `digits` decimals, the one formatter of every cash-flow figure
 * (card and table 月間CF, simulator, matching mail). `sign`:
 *  - "negative": a minus only ("1.2万円", "-0.8万円"; the simulator's figures);
 *  - "always": a level with its sign ("+1.2万円", "-0.8万円", "0.0万円"; the member's 月間CF on cards);
 *  - "difference": a change ("+1.2万円", "−0.8万円" with U+2212, "±0.0万円"; the mail's 値下げで月間CF).
 * Null or not finite: "—". Rounded half away from zero on the absolute value, so the sign never
 * disagrees with the digits (-0.04万円 reads "0.0万円", not "-0.0万円").
 */
export function formatMan(yen: number | null | undefined, opts: { digits?: number; sign?: "negative" | "always" | "difference" } = {}): string {
  if (typeof yen !== "number" || !Number.isFinite(yen)) return "—";
  const digits = opts.digits ?? 1;
  const scaled = Math.round((Math.abs(yen) / 10_000) * 10 ** digits);
  const whole = withCommas(String(Math.floor(scaled / 10 ** digits)));
  const text = `${whole}${digits > 0 ? `.${String(scaled % 10 ** digits).padStart(digits, "0")}` : ""}万円`;
  const negative = yen < 0 && scaled > 0;
  switch (opts.sign ?? "negative") {
    case "always":
      return scaled === 0 ? text : `${negative ? "-" : "+"}${text}`;
    case "difference":
      return `${scaled === 0 ? "±" : negative ? "−" : "+"}${text}`;
    default:
      return `${negative ? "-" : ""}${text}`;
  }
}
