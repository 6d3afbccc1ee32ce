import type { MarketCell } from "@/server/investments";
import { withCommas } from "@/lib/price";

type Metric = "yield" | "price" | "count";

const value = (c: MarketCell, m: Metric): number | null => (m === "yield" ? c.median_yield : m === "price" ? c.median_price_per_sqm : c.count);

export function metricText(v: number | null, m: Metric): string {
  if (v === null) return "—";
  if (m === "yield") return `${v.toFixed(2)}%`;
  if (m === "price") return `${v.toFixed(1)}万円/㎡`;
  return `${withCommas(String(v))}件`;
}

/** Horizontal bars, one per cell, as an accessible inline SVG (the figures are also in its text). */
export function MarketBarChart({ title, cells, metric, label }: { title: string; cells: MarketCell[]; metric: Metric; label: (c: MarketCell) => string }) {
  const rowH = 26;
  const W = 420;
  const labelW = 120;
  const valueW = 140;
  const H = Math.max(1, cells.length) * rowH + 8;
  const max = Math.max(0, ...cells.map((c) => value(c, metric) ?? 0));
  const barW = (v: number) => (max > 0 ? (v / max) * (W - labelW - valueW) : 0);
  const summary = cells.map((c) => `${label(c)} ${metricText(value(c, metric), metric)}`).join("、");
  return (
    <figure className="rounded-lg border border-border bg-white p-3" data-slot="market-chart" data-metric={metric}>
      <figcaption className="mb-2 text-sm font-bold">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`${title}：${summary}`}>
        {cells.map((c, i) => {
          const v = value(c, metric);
          const yy = 4 + i * rowH;
          return (
            <g key={`${c.area_cd}-${c.type_cd}`}>
              <text x={labelW - 6} y={yy + 16} textAnchor="end" fontSize="12" fill="#2b2b2b">
                {label(c)}
              </text>
              {v !== null && (
                <rect
                  x={labelW}
                  y={yy + 4}
                  width={Math.max(1, barW(v)).toFixed(1)}
                  height={rowH - 10}
                  rx="2"
                  className={metric === "count" ? "fill-primary-400" : "fill-gold-500"}
                />
              )}
              <text x={labelW + (v !== null ? barW(v) : 0) + 6} y={yy + 16} fontSize="11" fill="#4f4f4f">
                {metricText(v, metric)}
                {metric !== "count" && ` (n=${metric === "yield" ? c.yield_n : c.price_per_sqm_n})`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function MarketTable({ cells }: { cells: MarketCell[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm" data-slot="market-table">
        <thead className="bg-muted text-left text-primary-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              エリア
            </th>
            <th scope="col" className="px-3 py-2">
              種別
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              件数
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              ㎡単価（中央値）
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              表面利回り（中央値）
            </th>
          </tr>
        </thead>
        <tbody className="tabular">
          {cells.map((c) => (
            <tr key={`${c.area_cd}-${c.type_cd}`} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {c.area_name}
              </th>
              <td className="px-3 py-2">{c.type_name}</td>
              <td className="px-3 py-2 text-right">{c.count}</td>
              <td className="px-3 py-2 text-right">{metricText(c.median_price_per_sqm, "price")}</td>
              <td className="px-3 py-2 text-right">{metricText(c.median_yield, "yield")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
