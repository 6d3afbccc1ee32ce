import Link from "next/link";
import { decimal, percentText } from "../detail-format";
import { DealCheckList } from "../deal-check";
import { SpecList, type SpecRow } from "../spec-list";
import { UNIT_STATUS_LABELS } from "@/lib/economics";
import { yieldLabel } from "@/lib/yield-wording";
import type { EconomicsFigures, ListingEconomicsDto, RentRollSummary, RepairHistorySummary } from "@/schemas/economics";

/**
 * 投資判断の数字 on the detail (issue 35): the deal check (参考) first, then every
 * figure of the one model (src/lib/economics.ts, mapped in src/server/listings/economics.ts)
 * with its basis, then the rent roll and 修繕履歴. A server component: no JavaScript.
 */

/** 円 → "123.5万円" (negative with a minus sign); null → null. */
export function manYen(yen: number | null | undefined, digits = 1): string | null {
  if (typeof yen !== "number" || !Number.isFinite(yen)) return null;
  return `${yen < 0 ? "−" : ""}${decimal(Math.abs(yen) / 10_000, digits)}万円`;
}
const yenText = (yen: number | null | undefined) => (typeof yen === "number" && Number.isFinite(yen) ? `${decimal(yen, 0)}円` : null);
const years = (n: number | null) => (n === null ? null : `${n}年`);
const Note = ({ children }: { children: React.ReactNode }) => <span className="mt-0.5 block text-xs text-primary-500">{children}</span>;

export function economicsRows(f: EconomicsFigures): SpecRow[] {
  const missing = f.costs_missing.length > 0 ? `（${f.costs_missing.join("、")}）` : "";
  return [
    {
      label: "満室想定年収",
      value:
        f.full_income === null ? null : (
          <>
            {manYen(f.full_income)}
            {f.full_income_note && <Note>{f.full_income_note}</Note>}
          </>
        ),
    },
    {
      label: "現況年収",
      value:
        f.current_income === null ? null : (
          <>
            {manYen(f.current_income)}
            {f.current_income_note && <Note>{f.current_income_note}</Note>}
          </>
        ),
      empty: "—（現況の賃料の記載なし）",
    },
    { label: `${yieldLabel("gross")}（満室想定）`, value: <span data-slot="econ-gross-yield">{percentText(f.gross_yield)}</span> },
    { label: yieldLabel("current"), value: percentText(f.current_yield) },
    {
      label: "運営経費（年額）",
      wide: true,
      value: (
        <div data-slot="econ-costs">
          {f.costs.length > 0 && (
            <ul className="grid gap-1">
              {f.costs.map((c) => (
                <li
                  key={c.key}
                  // phone: the item and its amount on one line, the basis under them; wider: three columns
                  className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 sm:grid-cols-[minmax(0,9rem)_auto_minmax(0,1fr)]"
                  data-source={c.source}
                >
                  <span>{c.label}</span>
                  <span className="tabular text-right">{manYen(c.amount)}</span>
                  {/* the basis says itself whether it is the listing's figure (掲載の…) or a stated rate (既定率…) */}
                  <span className="col-span-2 text-xs text-primary-500 sm:col-span-1">{c.basis}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 font-bold">合計 {f.costs_total === null ? `—${missing}` : <span className="tabular">{manYen(f.costs_total)}</span>}</p>
        </div>
      ),
    },
    {
      label: "NOI（営業純利益）",
      value:
        f.noi === null ? null : (
          <span className={f.noi < 0 ? "font-bold text-error" : "font-bold"} data-slot="econ-noi">
            {manYen(f.noi)}
          </span>
        ),
      empty: `—${missing}`,
    },
    {
      label: yieldLabel("net"),
      value:
        f.net_yield === null ? null : (
          <>
            <span className={f.net_yield < 0 ? "font-bold text-error" : "font-bold"} data-slot="econ-net-yield">
              {percentText(f.net_yield)}
            </span>
            <Note>= {f.net_yield_formula}</Note>
          </>
        ),
      empty: `—${missing}`,
    },
    { label: "㎡単価", value: f.price_per_sqm === null ? null : `${decimal(f.price_per_sqm, 1)}万円/㎡` },
    {
      label: "法定耐用年数",
      value:
        f.statutory_life === null ? null : (
          <>
            {years(f.statutory_life)}
            {f.elapsed_years !== null && <Note>経過{f.elapsed_years}年</Note>}
          </>
        ),
    },
    {
      label: "残存耐用年数",
      value:
        f.remaining_life === null ? null : (
          <>
            <span data-slot="econ-remaining-life">{years(f.remaining_life)}</span>
            <Note>法定耐用年数−経過年数（0年未満は0年）</Note>
          </>
        ),
    },
    {
      label: "減価償却期間（簡便法）",
      value:
        f.simplified_life === null ? null : (
          <>
            <span data-slot="econ-simplified-life">{years(f.simplified_life)}</span>
            <Note>中古資産の耐用年数の簡便法（国税庁 No.5404）による税務上の償却期間。融資期間の目安ではありません。</Note>
          </>
        ),
    },
    {
      label: "融資期間の目安",
      wide: true,
      value:
        f.loan_term_years === null ? null : (
          <>
            <span className="font-bold">{years(f.loan_term_years)}</span>
            {f.loan_term_basis && <Note>{f.loan_term_basis}</Note>}
          </>
        ),
    },
    {
      label: "積算価格",
      wide: true,
      value:
        f.sekisan_total === null ? null : (
          <>
            <span className="font-bold" data-slot="econ-sekisan">
              {manYen(f.sekisan_total, 0)}
            </span>
            <Note>
              土地 {manYen(f.sekisan_land, 0)}（{f.sekisan_land_basis}
              {f.road_price_year ? `、${f.road_price_year}年分路線価` : ""}）／建物 {manYen(f.sekisan_building, 0)}（{f.sekisan_building_basis}）
            </Note>
          </>
        ),
      empty: "—（路線価の記載なし）",
    },
    { label: "積算比", value: percentText(f.sekisan_ratio), empty: "—（路線価の記載なし）" },
    { label: "土地値割合", value: percentText(f.land_value_share), empty: "—（路線価の記載なし）" },
  ];
}

/** The rent roll: every row for members; for visitors only that it exists, its totals and a prompt to register. */
export function RentRollBlock({ roll }: { roll: RentRollSummary }) {
  return (
    <div className="grid gap-2" data-slot="rent-roll">
      <p className="text-sm">
        全{roll.units}戸・空室{roll.vacant_units}戸・現況年収 <span className="tabular font-bold">{manYen(roll.current_income) ?? "—"}</span>
      </p>
      {roll.rows ? (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[36rem] border-collapse text-sm" data-slot="rent-roll-rows">
            <thead className="bg-muted text-left text-xs">
              <tr>
                {["号室", "間取り", "面積", "賃料", "共益費", "敷金", "状態", "契約開始"].map((h) => (
                  <th key={h} scope="col" className="px-2 py-1.5">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {roll.rows.map((r, i) => (
                <tr key={`${r.room}-${i}`} className="border-t border-border">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal">
                    {r.room}
                  </th>
                  <td className="px-2 py-1.5">{r.layout ?? "—"}</td>
                  <td className="tabular px-2 py-1.5 text-right">{r.area !== null ? `${decimal(r.area)}㎡` : "—"}</td>
                  <td className="tabular px-2 py-1.5 text-right">{yenText(r.rent) ?? "—"}</td>
                  <td className="tabular px-2 py-1.5 text-right">{yenText(r.common_fee) ?? "—"}</td>
                  <td className="tabular px-2 py-1.5 text-right">{yenText(r.deposit) ?? "—"}</td>
                  <td className={`px-2 py-1.5 ${r.status === "occupied" ? "" : "font-bold text-error"}`}>{UNIT_STATUS_LABELS[r.status]}</td>
                  <td className="px-2 py-1.5">{r.lease_start ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <MembersPrompt what="レントロール（各戸の賃料・状態）" />
      )}
    </div>
  );
}

export function RepairHistoryBlock({ history }: { history: RepairHistorySummary }) {
  return (
    <div className="grid gap-2" data-slot="repair-history">
      <p className="text-sm">
        {history.count}件
        {history.total_cost !== null && (
          <>
            ・費用合計 <span className="tabular font-bold">{manYen(history.total_cost)}</span>
          </>
        )}
      </p>
      {history.rows ? (
        <ul className="grid gap-1 text-sm" data-slot="repair-history-rows">
          {history.rows.map((r, i) => (
            <li key={`${r.year_month}-${i}`} className="grid grid-cols-[6rem_minmax(0,1fr)_auto] gap-x-3 border-t border-border pt-1">
              <span className="tabular">{r.year_month}</span>
              <span>{r.description}</span>
              <span className="tabular text-right">{manYen(r.cost) ?? "—"}</span>
            </li>
          ))}
        </ul>
      ) : (
        <MembersPrompt what="修繕履歴の明細" />
      )}
    </div>
  );
}

function MembersPrompt({ what }: { what: string }) {
  return (
    <p className="rounded-md border border-gold-300 bg-gold-50 p-3 text-sm" data-slot="members-prompt">
      {what}は会員の方にご覧いただけます。
      <Link href="/signup" className="font-bold underline underline-offset-2">
        無料会員登録
      </Link>
      ・
      <Link href="/login" className="underline underline-offset-2">
        ログイン
      </Link>
    </p>
  );
}

/** The deal check (参考), at the top of the detail's numbers. */
export function DealCheckSection({ economics }: { economics: ListingEconomicsDto }) {
  return (
    <section aria-labelledby="deal-check-title" className="rounded-lg border border-border bg-white p-4" data-slot="deal-check-section">
      <h3 id="deal-check-title" className="text-base font-bold">
        かんたん診断（参考）
      </h3>
      <DealCheckList check={economics.deal_check} className="mt-2" />
    </section>
  );
}

/** The model's figures with their basis. */
export function EconomicsFiguresList({ economics }: { economics: ListingEconomicsDto }) {
  return (
    <div data-slot="economics">
      <h3 className="mb-2 text-base font-bold">収支・耐用年数・積算</h3>
      <SpecList rows={economicsRows(economics.figures)} />
    </div>
  );
}

/** Rent roll and 修繕履歴 (members: rows; visitors: totals and a prompt). Nothing when neither is stored. */
export function RentRollAndRepairs({ economics }: { economics: ListingEconomicsDto }) {
  if (!economics.rent_roll && !economics.repair_history) return null;
  return (
    <div className="grid gap-6">
      {economics.rent_roll && (
        <section aria-label="レントロール">
          <h3 className="mb-2 text-base font-bold">レントロール</h3>
          <RentRollBlock roll={economics.rent_roll} />
        </section>
      )}
      {economics.repair_history && (
        <section aria-label="修繕履歴">
          <h3 className="mb-2 text-base font-bold">修繕履歴</h3>
          <RepairHistoryBlock history={economics.repair_history} />
        </section>
      )}
    </div>
  );
}
