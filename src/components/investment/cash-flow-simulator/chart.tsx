import { withCommas } from "@/lib/price";
import { MAN, PROJECTION_YEARS, manText, type SimResult } from "@/lib/simulator";
import { ProjectionTable } from "./projection-table";

/** Nice round step for an axis spanning `span`. */
function niceStep(span: number, ticks: number): number {
  if (!(span > 0)) return 1;
  const raw = span / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

/** 35-year chart: annual cash flow as bars (left axis), loan balance as a line (right axis). */
export function ProjectionChart({ r }: { r: SimResult }) {
  const W = 640;
  const H = 260;
  const pad = { l: 56, r: 60, t: 16, b: 28 };
  const iw = W - pad.l - pad.r;
  const ih = H - pad.t - pad.b;
  const rows = r.projection;
  const cfMax = Math.max(0, ...rows.map((p) => p.cashFlow)) / MAN;
  const cfMin = Math.min(0, ...rows.map((p) => p.cashFlow)) / MAN;
  const cfStep = niceStep(cfMax - cfMin || 1, 4);
  const top = Math.ceil(cfMax / cfStep) * cfStep || cfStep;
  const bottom = Math.floor(cfMin / cfStep) * cfStep;
  const y = (v: number) => pad.t + ((top - v) / (top - bottom)) * ih;
  const balMax = Math.max(1, ...rows.map((p) => p.balance), rows.length ? rows[0]!.balance + rows[0]!.debtService : 0) / MAN;
  const balStep = niceStep(balMax, 4);
  const balTop = Math.ceil(balMax / balStep) * balStep;
  const yb = (v: number) => pad.t + (1 - v / balTop) * ih;
  const slot = iw / PROJECTION_YEARS;
  const x = (year: number) => pad.l + (year - 0.5) * slot;
  const cfTicks: number[] = [];
  for (let v = bottom; v <= top + cfStep / 2; v += cfStep) cfTicks.push(v);
  const balTicks: number[] = [];
  for (let v = 0; v <= balTop + balStep / 2; v += balStep) balTicks.push(v);
  const linePath = rows.map((p, i) => `${i ? "L" : "M"}${x(p.year).toFixed(1)},${yb(p.balance / MAN).toFixed(1)}`).join(" ");
  const first = rows[0];
  const last = rows[rows.length - 1];
  const summary =
    first && last
      ? `1年目のキャッシュフロー${manText(first.cashFlow)}、${PROJECTION_YEARS}年目${manText(last.cashFlow)}。借入残高は1年目末${manText(first.balance)}、${PROJECTION_YEARS}年目末${manText(last.balance)}。`
      : "";

  return (
    <figure className="rounded-lg border border-border bg-white p-3" data-slot="sim-chart">
      <figcaption className="mb-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-primary-700">
        <span className="font-bold">35年間の収支と借入残高</span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-gold-500" aria-hidden="true" />
          年間キャッシュフロー（左軸・万円）
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-primary-700" aria-hidden="true" />
          借入残高（右軸・万円）
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="sim-chart-title sim-chart-desc">
        <title id="sim-chart-title">35年間の年間キャッシュフローと借入残高の推移</title>
        <desc id="sim-chart-desc">{summary}</desc>
        {cfTicks.map((v) => (
          <g key={`cf${v}`}>
            <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} stroke={v === 0 ? "#6b7280" : "#e5e7eb"} strokeWidth={v === 0 ? 1 : 0.8} />
            <text x={pad.l - 6} y={y(v) + 3.5} textAnchor="end" fontSize="10" fill="#4b5563">
              {withCommas(String(Math.round(v)))}
            </text>
          </g>
        ))}
        {balTicks.map((v) => (
          <text key={`b${v}`} x={W - pad.r + 6} y={yb(v) + 3.5} fontSize="10" fill="#1f2937">
            {withCommas(String(Math.round(v)))}
          </text>
        ))}
        <g data-slot="sim-chart-bars">
          {rows.map((p) => {
            const v = p.cashFlow / MAN;
            const y0 = y(0);
            const y1 = y(v);
            return (
              <rect
                key={p.year}
                x={(x(p.year) - slot * 0.35).toFixed(1)}
                width={(slot * 0.7).toFixed(1)}
                y={Math.min(y0, y1).toFixed(1)}
                height={Math.max(0.5, Math.abs(y1 - y0)).toFixed(1)}
                className={v < 0 ? "fill-error" : "fill-gold-500"}
              >
                <title>{`${p.year}年目 キャッシュフロー ${manText(p.cashFlow)}／残高 ${manText(p.balance)}`}</title>
              </rect>
            );
          })}
        </g>
        <path d={linePath} fill="none" className="stroke-primary-700" strokeWidth="2" data-slot="sim-chart-balance" />
        {[1, 5, 10, 15, 20, 25, 30, 35].map((yr) => (
          <text key={yr} x={x(yr)} y={H - pad.b + 14} textAnchor="middle" fontSize="10" fill="#4b5563">
            {yr}年
          </text>
        ))}
      </svg>
      <ProjectionTable rows={rows} />
    </figure>
  );
}
