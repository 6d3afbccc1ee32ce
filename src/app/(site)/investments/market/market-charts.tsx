import type { MarketCell, MarketCity, MarketCityRow, MarketFigures } from "@/server/investments";
import { withCommas } from "@/lib/price";
import { YIELD_LABELS } from "@/lib/yield-wording";

type Metric = "yield" | "net" | "price" | "count";

const value = (c: MarketFigures, m: Metric): number | null =>
  m === "yield" ? c.median_yield : m === "net" ? c.median_net_yield : m === "price" ? c.median_price_per_sqm : c.count;

/** The n behind a metric's median. */
const nOf = (c: MarketFigures, m: Exclude<Metric, "count">): number => (m === "yield" ? c.yield_n : m === "net" ? c.net_yield_n : c.price_per_sqm_n);

export function metricText(v: number | null, m: Metric): string {
  if (v === null) return "—";
  if (m === "yield" || m === "net") return `${v.toFixed(2)}%`;
  if (m === "price") return `${v.toFixed(1)}万円/㎡`;
  return `${withCommas(String(v))}件`;
}

/** A median with its n: "6.12% (n=8)", "— (n=2)" below MEDIAN_MIN_N. */
export function medianText(c: MarketFigures, m: Exclude<Metric, "count">): string {
  return `${metricText(value(c, m), m)} (n=${nOf(c, m)})`;
}

/** Horizontal bars, one per row, as an accessible inline SVG (the figures are also in its text). */
export function MarketBarChart<C extends MarketFigures>({
  title,
  cells,
  metric,
  label,
}: {
  title: string;
  cells: C[];
  metric: Metric;
  label: (c: C) => string;
}) {
  const rowH = 26;
  const W = 420;
  const labelW = 120;
  const valueW = 140;
  const H = Math.max(1, cells.length) * rowH + 8;
  const max = Math.max(0, ...cells.map((c) => value(c, metric) ?? 0));
  const barW = (v: number) => (max > 0 ? (v / max) * (W - labelW - valueW) : 0);
  const text = (c: C) => (metric === "count" ? metricText(c.count, "count") : medianText(c, metric));
  const summary = cells.map((c) => `${label(c)} ${text(c)}`).join("、");
  return (
    <figure className="rounded-lg border border-border bg-white p-3" data-slot="market-chart" data-metric={metric}>
      <figcaption className="mb-2 text-sm font-bold">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`${title}：${summary}`}>
        {cells.map((c, i) => {
          const v = value(c, metric);
          const yy = 4 + i * rowH;
          return (
            <g key={`${label(c)}-${i}`}>
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
                  className={metric === "count" ? "fill-primary-400" : metric === "net" ? "fill-primary-600" : "fill-gold-500"}
                />
              )}
              <text x={labelW + (v !== null ? barW(v) : 0) + 6} y={yy + 16} fontSize="11" fill="#4f4f4f">
                {text(c)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

const th = "px-3 py-2 whitespace-nowrap";
const num = "px-3 py-2 text-right whitespace-nowrap";

function FigureHeads() {
  return (
    <>
      <th scope="col" className={`${th} text-right`}>
        件数
      </th>
      <th scope="col" className={`${th} text-right`}>
        ㎡単価 中央値
      </th>
      <th scope="col" className={`${th} text-right`}>
        {YIELD_LABELS.gross} 中央値
      </th>
      <th scope="col" className={`${th} text-right`}>
        {YIELD_LABELS.net} 中央値
      </th>
    </>
  );
}

function FigureCells({ c }: { c: MarketFigures }) {
  return (
    <>
      <td className={num}>{c.count}</td>
      <td className={num} data-metric="price">
        {medianText(c, "price")}
      </td>
      <td className={num} data-metric="yield">
        {medianText(c, "yield")}
      </td>
      <td className={num} data-metric="net">
        {medianText(c, "net")}
      </td>
    </>
  );
}

export function MarketTable({ cells }: { cells: MarketCell[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm" data-slot="market-table">
        <thead className="bg-muted text-left text-primary-700">
          <tr>
            <th scope="col" className={th}>
              エリア
            </th>
            <th scope="col" className={th}>
              種別
            </th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody className="tabular">
          {cells.map((c) => (
            <tr key={`${c.area_cd}-${c.type_cd}`} className="border-t border-border">
              <th scope="row" className={`${th} text-left font-normal`}>
                {c.area_name}
              </th>
              <td className={th}>{c.type_name}</td>
              <FigureCells c={c} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A designated city (all types): its whole-city row, then one row per ward with listings. */
export function MarketCityTable({ city }: { city: MarketCity }) {
  const row = (r: MarketCityRow, whole: boolean) => (
    <tr key={r.code} className={whole ? "border-t border-border bg-muted/50 font-bold" : "border-t border-border"} data-code={r.code}>
      {/* the ward stays visible while the figures scroll sideways on a phone */}
      <th scope="row" className={`${th} sticky left-0 text-left ${whole ? "bg-muted" : "bg-white pl-6 font-normal"}`}>
        {whole ? `${r.name}全域` : r.name.replace(city.name, "")}
      </th>
      <FigureCells c={r} />
    </tr>
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm" data-slot="market-city-table" data-city={city.code}>
        <caption className="bg-white px-3 py-2 text-left text-sm font-bold">{city.name}（全種別）</caption>
        <thead className="bg-muted text-left text-primary-700">
          <tr>
            <th scope="col" className={`${th} sticky left-0 bg-muted`}>
              区
            </th>
            <FigureHeads />
          </tr>
        </thead>
        <tbody className="tabular">
          {row(city, true)}
          {city.wards.map((w) => row(w, false))}
        </tbody>
      </table>
    </div>
  );
}
