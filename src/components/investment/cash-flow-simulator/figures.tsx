import { manText, pctText, type SimResult } from "@/lib/simulator";
import { SIMULATOR_LABELS, SIMULATOR_NOTE } from "@/lib/yield-wording";

/** The headline results: cash flow, NOI, yields, DSCR, break-even occupancy, payment and own funds. */
export function SimFigures({ r }: { r: SimResult }) {
  const negative = r.annualCashFlow !== null && r.annualCashFlow < 0;
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
        <Figure label={SIMULATOR_LABELS.net} slot="sim-net-yield" negative={r.netYield !== null && r.netYield < 0}>
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
      {r.missing.length > 0 && (
        <p className="mt-3 text-xs font-bold text-error" data-slot="sim-missing">
          {r.missing.join("、")}のため、運営経費・NOI・キャッシュフローは計算できません。
        </p>
      )}
      <p className="mt-3 border-t border-border pt-2 text-xs text-primary-600">
        {SIMULATOR_LABELS.gross} {pctText(r.grossYield)}／実効収入 {manText(r.egi)}／運営経費 {manText(r.opex)}／年間返済 {manText(r.annualDebtService)}／
        {SIMULATOR_LABELS.totalCost} {pctText(r.totalCostYield)}／{SIMULATOR_LABELS.cashOnCash} {pctText(r.cashOnCash)}
      </p>
      {r.costs.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-xs text-primary-600" data-slot="sim-costs">
          {r.costs.map((c) => (
            <li key={c.key}>
              {c.label} {manText(c.amount)}/年（{c.basis}）
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-primary-500" data-slot="yield-footnote">
        {SIMULATOR_NOTE}
      </p>
    </div>
  );
}

function Figure({ label, slot, strong, negative, children }: { label: string; slot: string; strong?: boolean; negative?: boolean; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-bold text-primary-500">{label}</dt>
      <dd
        className={`tabular font-bold ${strong ? "text-xl" : "text-base"}${negative ? " text-error" : ""}`}
        data-slot={slot}
        aria-live={strong ? "polite" : undefined}
      >
        {children}
      </dd>
    </div>
  );
}
