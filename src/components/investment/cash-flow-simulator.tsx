"use client";

import { Calculator, Save } from "@/components/icons";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { withCommas } from "@/lib/price";
import {
  MAN,
  PROJECTION_YEARS,
  applyScenario,
  clampTerm,
  defaultInput,
  manText,
  pctText,
  simulate,
  termWarning,
  toScenario,
  type ListingForSim,
  type SimInput,
  type SimResult,
  type TermCap,
} from "@/lib/simulator";
import { api } from "@/trpc/react";

/** The form's fields as typed (strings), in the units shown next to them. */
type FieldKey =
  | "price"
  | "grossIncome"
  | "loan"
  | "ownFunds"
  | "interest"
  | "years"
  | "vacancy"
  | "management"
  | "repairs"
  | "taxes"
  | "insurance"
  | "purchaseCosts"
  | "rentDecline";
type Fields = Record<FieldKey, string>;

const round = (v: number, digits: number) => String(Math.round(v * 10 ** digits) / 10 ** digits);

function toFields(i: SimInput): Fields {
  const costs = (i.price * i.purchaseCosts) / 100;
  return {
    price: round(i.price / MAN, 1),
    // To the yen (4 decimals of 万円), so the gross yield reads exactly as on the listing.
    grossIncome: round(i.grossIncome / MAN, 4),
    loan: round(i.loan / MAN, 1),
    ownFunds: round((i.price + costs - i.loan) / MAN, 1),
    interest: String(i.interest),
    years: String(i.years),
    vacancy: String(i.vacancy),
    management: String(i.expenses.management),
    repairs: String(i.expenses.repairs),
    taxes: String(i.expenses.taxes),
    insurance: String(i.expenses.insurance),
    purchaseCosts: String(i.purchaseCosts),
    rentDecline: String(i.rentDecline ?? 0),
  };
}

const num = (s: string): number => {
  const v = Number(s.replace(/[,，\s]/g, "").replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
  return Number.isFinite(v) && v >= 0 ? v : 0;
};

function toInput(f: Fields, cap: TermCap): SimInput {
  return {
    // Whole yen: 700.3 × 10,000 is 7,002,999.999… in floating point.
    price: Math.round(num(f.price) * MAN),
    grossIncome: Math.round(num(f.grossIncome) * MAN),
    loan: Math.round(num(f.loan) * MAN),
    interest: num(f.interest),
    years: clampTerm(num(f.years), cap),
    vacancy: Math.min(100, num(f.vacancy)),
    expenses: { management: num(f.management), repairs: num(f.repairs), taxes: num(f.taxes), insurance: num(f.insurance) },
    purchaseCosts: num(f.purchaseCosts),
    rentDecline: num(f.rentDecline),
  };
}

export interface CashFlowSimulatorProps {
  investmentId: number;
  listing: ListingForSim;
  /** ISO time the page was rendered with, so the server and the browser cap the term alike. */
  now: string;
  /** Signed-in member: the scenario can be saved with the bookmark. */
  member: boolean;
}

/**
 * 収支シミュレーション: all maths in src/lib/simulator.ts, computed in the
 * browser as the fields change (no server round-trip). Members may save the
 * scenario with their bookmark (member.scenario.saveScenario).
 */
export function CashFlowSimulator({ investmentId, listing, now, member }: CashFlowSimulatorProps) {
  const base = useMemo(() => defaultInput(listing, new Date(now)), [listing, now]);
  const cap = base.cap;
  const [fields, setFields] = useState<Fields>(() => toFields(base));
  const [loadedSaved, setLoadedSaved] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const saved = api.member.scenario.get.useQuery({ investmentId }, { enabled: member, staleTime: Infinity, retry: false });
  // A saved scenario replaces the defaults once, when it arrives (adjusting state while rendering).
  if (member && !loadedSaved && saved.data) {
    setLoadedSaved(true);
    if (saved.data.scenario) setFields(toFields(applyScenario(base, cap, saved.data.scenario)));
  }
  const save = api.member.scenario.saveScenario.useMutation({
    onSuccess: () => setMessage({ ok: true, text: "シミュレーション条件をお気に入りに保存しました。" }),
    onError: (e) => setMessage({ ok: false, text: e.message || "保存できませんでした。" }),
  });

  const input = useMemo(() => toInput(fields, cap), [fields, cap]);
  const result = useMemo(() => simulate(input), [input]);
  // A term the banks would not lend is computed as typed, with the reason and the figure at the bank's limit beside it.
  const typedYears = fields.years.trim() === "" ? Number.NaN : num(fields.years);
  const warning = termWarning(typedYears, cap);
  const atBankLimit = useMemo(
    () => (input.years > cap.bankYears ? simulate({ ...input, years: cap.bankYears }) : null),
    [input, cap.bankYears],
  );

  const set = (key: FieldKey) => (value: string) => {
    setMessage(null);
    setFields((f) => {
      const next = { ...f, [key]: value };
      const price = num(next.price) * MAN;
      const costs = (price * num(next.purchaseCosts)) / 100;
      if (key === "ownFunds") next.loan = round(Math.max(0, price + costs - num(value) * MAN) / MAN, 1);
      else if (key === "loan" || key === "price" || key === "purchaseCosts") next.ownFunds = round((price + costs - num(next.loan) * MAN) / MAN, 1);
      return next;
    });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]" data-slot="cash-flow-simulator">
      <form className="grid content-start gap-4 rounded-lg border border-border bg-white p-4" onSubmit={(e) => e.preventDefault()} aria-label="シミュレーション条件">
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-sm font-bold">物件・収入</legend>
          <NumField label="物件価格" unit="万円" value={fields.price} onChange={set("price")} />
          <NumField label="満室想定年収" unit="万円" value={fields.grossIncome} onChange={set("grossIncome")} />
          <NumField label="空室率" unit="%" value={fields.vacancy} onChange={set("vacancy")} step="0.5" />
          <NumField label="家賃下落率（年）" unit="%" value={fields.rentDecline} onChange={set("rentDecline")} step="0.1" />
        </fieldset>
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-sm font-bold">融資</legend>
          <NumField label="借入額" unit="万円" value={fields.loan} onChange={set("loan")} step="10" />
          <NumField label="自己資金" unit="万円" value={fields.ownFunds} onChange={set("ownFunds")} step="10" />
          <NumField label="金利" unit="%" value={fields.interest} onChange={set("interest")} step="0.05" name="interest" />
          <NumField label="融資期間" unit="年" value={fields.years} onChange={set("years")} step="1" max={cap.maxYears} name="years" />
          <p className="col-span-2 text-xs leading-relaxed text-primary-600" data-slot="term-cap">
            融資期間の目安 {cap.bankYears}年：{cap.reason}
          </p>
          {warning ? (
            <p className="col-span-2 rounded-md border border-error/40 bg-error/5 p-2 text-xs leading-relaxed font-bold text-error" data-slot="term-warning" role="alert">
              {warning}
              {atBankLimit ? ` ${cap.bankYears}年の場合の月間キャッシュフローは${manText(atBankLimit.monthlyCashFlow)}です。` : null}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="mb-2 text-sm font-bold">経費・諸費用</legend>
          <NumField label="管理費（賃料収入比）" unit="%" value={fields.management} onChange={set("management")} step="0.5" />
          <NumField label="修繕費（満室賃料比）" unit="%" value={fields.repairs} onChange={set("repairs")} step="0.5" />
          <NumField label="固定資産税等（価格比）" unit="%" value={fields.taxes} onChange={set("taxes")} step="0.05" />
          <NumField label="保険料（価格比）" unit="%" value={fields.insurance} onChange={set("insurance")} step="0.05" />
          <NumField label="購入時諸費用（価格比）" unit="%" value={fields.purchaseCosts} onChange={set("purchaseCosts")} step="0.5" />
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              setMessage(null);
              setFields(toFields(base));
            }}
          >
            初期値に戻す
          </Button>
          {member && (
            <Button
              type="button"
              variant="gold"
              size="sm"
              disabled={save.isPending}
              onClick={() => save.mutate({ investmentId, scenario: toScenario(input) })}
              data-slot="save-scenario"
            >
              <Save aria-hidden="true" />
              お気に入りに条件を保存
            </Button>
          )}
        </div>
        {message && (
          <p role="status" className={cn("text-xs", message.ok ? "text-primary-700" : "text-error")}>
            {message.text}
          </p>
        )}
      </form>

      <div className="grid content-start gap-4">
        <SimFigures r={result} />
        <ProjectionChart r={result} />
        <p className="text-xs leading-relaxed text-primary-600">
          <Calculator className="mr-1 inline size-3.5" aria-hidden="true" />
          元利均等返済・税引前の概算です。管理費は入居分の賃料に、修繕費は満室賃料に、固定資産税・保険料は物件価格に対する割合で計算しています。実際の融資条件・税額は金融機関・税理士にご確認ください。
        </p>
      </div>
    </div>
  );
}

function NumField({
  label,
  unit,
  value,
  onChange,
  step = "any",
  max,
  name,
}: {
  label: string;
  unit: string;
  value: string;
  onChange: (v: string) => void;
  step?: string;
  max?: number;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-bold text-primary-600">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          min={0}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="tabular h-9 w-full min-w-0 rounded-md border border-primary-300 bg-white px-2 text-right text-sm focus-visible:outline-2 focus-visible:outline-gold"
        />
        <span className="w-8 shrink-0 text-xs text-primary-600">{unit}</span>
      </div>
    </div>
  );
}

function SimFigures({ r }: { r: SimResult }) {
  const negative = r.annualCashFlow < 0;
  return (
    <div className="rounded-lg border border-border bg-white p-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="月間キャッシュフロー" slot="sim-monthly-cf" strong negative={negative}>
          {manText(r.monthlyCashFlow)}
        </Figure>
        <Figure label="年間キャッシュフロー" slot="sim-annual-cf" strong negative={negative}>
          {manText(r.annualCashFlow)}
        </Figure>
        <Figure label="NOI（営業純利益）" slot="sim-noi">
          {manText(r.noi)}
        </Figure>
        <Figure label="実質利回り" slot="sim-net-yield">
          {pctText(r.netYield)}
        </Figure>
        <Figure label="DSCR" slot="sim-dscr" negative={r.dscr !== null && r.dscr < 1}>
          {r.dscr === null ? "—（借入なし）" : r.dscr.toFixed(2)}
        </Figure>
        <Figure label="損益分岐入居率" slot="sim-break-even" negative={r.breakEvenOccupancy !== null && r.breakEvenOccupancy > 100}>
          {pctText(r.breakEvenOccupancy, 1)}
        </Figure>
        <Figure label="毎月の返済額" slot="sim-payment">
          {manText(r.monthlyPayment)}
        </Figure>
        <Figure label="自己資金（諸費用込み）" slot="sim-own-funds">
          {manText(r.ownFunds)}
        </Figure>
      </dl>
      <p className="mt-3 border-t border-border pt-2 text-xs text-primary-600">
        表面利回り {pctText(r.grossYield)}／実効収入 {manText(r.egi)}／運営経費 {manText(r.opex)}／年間返済 {manText(r.annualDebtService)}／自己資金利回り {pctText(r.cashOnCash)}
      </p>
    </div>
  );
}

function Figure({
  label,
  slot,
  strong,
  negative,
  children,
}: {
  label: string;
  slot: string;
  strong?: boolean;
  negative?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="text-xs font-bold text-primary-500">{label}</dt>
      <dd className={cn("tabular font-bold", strong ? "text-xl" : "text-base", negative && "text-error")} data-slot={slot} aria-live={strong ? "polite" : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** Nice round step for an axis spanning `span`. */
function niceStep(span: number, ticks: number): number {
  if (!(span > 0)) return 1;
  const raw = span / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * mag;
}

/** 35-year chart: annual cash flow as bars (left axis), loan balance as a line (right axis). */
function ProjectionChart({ r }: { r: SimResult }) {
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
  const summary = first && last
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
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer text-primary-700">年次表を表示</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-right">
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1 text-left">年</th>
                <th scope="col" className="px-2 py-1">NOI</th>
                <th scope="col" className="px-2 py-1">返済額</th>
                <th scope="col" className="px-2 py-1">キャッシュフロー</th>
                <th scope="col" className="px-2 py-1">借入残高</th>
                <th scope="col" className="px-2 py-1">累計（自己資金差引）</th>
              </tr>
            </thead>
            <tbody className="tabular">
              {rows.map((p) => (
                <tr key={p.year} className="border-t border-border">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{p.year}年目</th>
                  <td className="px-2 py-1">{manText(p.noi)}</td>
                  <td className="px-2 py-1">{manText(p.debtService)}</td>
                  <td className={cn("px-2 py-1", p.cashFlow < 0 && "text-error")}>{manText(p.cashFlow)}</td>
                  <td className="px-2 py-1">{manText(p.balance)}</td>
                  <td className={cn("px-2 py-1", p.cumulative < 0 && "text-error")}>{manText(p.cumulative)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
