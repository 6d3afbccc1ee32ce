import { formatPrice } from "@/lib/price";
import type { PriceChangeEntry } from "@/server/investments";
import { dateText } from "./detail-format";

/**
 * 価格改定履歴: every price change with its date, as a table and a small step
 * chart. The struck-through former price and the 値下げ badge are the header's
 * business and follow the six-month rule (二重価格表示); the history itself is
 * always shown in full.
 */
export function PriceHistory({ history, current, now }: { history: PriceChangeEntry[]; current: number; now: Date }) {
  if (history.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-slot="price-history">
      <PriceHistoryChart history={history} current={current} now={now} />
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-sm">
          <thead className="bg-muted text-left text-primary-700">
            <tr>
              <th scope="col" className="px-3 py-2">改定日</th>
              <th scope="col" className="px-3 py-2">改定前</th>
              <th scope="col" className="px-3 py-2">改定後</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={i} className="border-t border-border">
                <td className="px-3 py-2">{dateText(h.changed_at)}</td>
                <td className="tabular px-3 py-2">{h.price_before !== null ? formatPrice(h.price_before) : "—"}</td>
                <td className="tabular px-3 py-2 font-bold">
                  {formatPrice(h.price)}
                  {h.price_before !== null && h.price_before !== h.price && (
                    <span className={h.price < h.price_before ? "ml-1 text-xs text-error" : "ml-1 text-xs text-primary-600"}>
                      （{h.price < h.price_before ? "−" : "+"}
                      {formatPrice(Math.abs(h.price_before - h.price))}）
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export interface PricePoint {
  at: number;
  price: number;
}

/**
 * The price over time as steps: the first known price (the oldest change's
 * former price) just before that change, each change, and the current price now.
 */
export function pricePoints(history: PriceChangeEntry[], current: number, now: Date): PricePoint[] {
  const asc = [...history].sort((a, b) => new Date(a.changed_at).getTime() - new Date(b.changed_at).getTime());
  const out: PricePoint[] = [];
  const first = asc[0];
  if (first && first.price_before !== null) {
    // Shown a month before the first change, so the step is visible.
    out.push({ at: new Date(first.changed_at).getTime() - 30 * 86_400_000, price: first.price_before });
  }
  for (const h of asc) out.push({ at: new Date(h.changed_at).getTime(), price: h.price });
  out.push({ at: Math.max(now.getTime(), out[out.length - 1]?.at ?? 0), price: current });
  return out;
}

function PriceHistoryChart({ history, current, now }: { history: PriceChangeEntry[]; current: number; now: Date }) {
  const pts = pricePoints(history, current, now);
  const W = 360;
  const H = 160;
  const pad = { l: 64, r: 12, t: 12, b: 24 };
  const t0 = pts[0]!.at;
  const t1 = Math.max(pts[pts.length - 1]!.at, t0 + 1);
  const prices = pts.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const margin = (hi - lo || hi * 0.1 || 1) * 0.15;
  const pMin = Math.max(0, lo - margin);
  const pMax = hi + margin;
  const x = (t: number) => pad.l + ((t - t0) / (t1 - t0)) * (W - pad.l - pad.r);
  const y = (p: number) => pad.t + ((pMax - p) / (pMax - pMin)) * (H - pad.t - pad.b);
  let d = "";
  pts.forEach((p, i) => {
    const prev = pts[i - 1];
    d += i === 0 ? `M${x(p.at).toFixed(1)},${y(p.price).toFixed(1)}` : ` H${x(p.at).toFixed(1)}${prev && prev.price !== p.price ? ` V${y(p.price).toFixed(1)}` : ""}`;
  });
  const summary = pts
    .slice(0, -1)
    .map((p) => `${dateText(new Date(p.at))} ${formatPrice(p.price)}`)
    .concat(`現在 ${formatPrice(current)}`)
    .join("、");
  return (
    <figure className="rounded-lg border border-border bg-white p-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`価格の推移：${summary}`} data-slot="price-history-chart">
        {[pMax, (pMax + pMin) / 2, pMin].map((v, i) => (
          <g key={i}>
            <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
            <text x={pad.l - 4} y={y(v) + 3.5} textAnchor="end" fontSize="10" fill="#4b5563">
              {formatPrice(Math.round(v))}
            </text>
          </g>
        ))}
        <path d={d} fill="none" className="stroke-gold-600" strokeWidth="2" />
        {pts.map((p, i) => (
          <circle key={i} cx={x(p.at)} cy={y(p.price)} r="3" className="fill-primary-800" />
        ))}
        <text x={pad.l} y={H - 6} fontSize="10" fill="#4b5563">
          {dateText(new Date(t0))}
        </text>
        <text x={W - pad.r} y={H - 6} fontSize="10" fill="#4b5563" textAnchor="end">
          現在
        </text>
      </svg>
      <figcaption className="sr-only">価格の推移</figcaption>
    </figure>
  );
}
