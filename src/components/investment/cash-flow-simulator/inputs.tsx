import { useId } from "react";
import { Save } from "@/components/icons";
import { PlainButton } from "@/components/ui/plain-button";
import { manText, type SimResult, type TermCap } from "@/lib/simulator";
import type { FieldKey, Fields } from "./fields";

interface SimulatorFormProps {
  fields: Fields;
  set: (key: FieldKey) => (value: string) => void;
  cap: TermCap;
  /** Why the typed term is beyond what the banks lend (null: it is not). */
  warning: string | null;
  /** The result at the bank's limit, shown beside the warning. */
  atBankLimit: SimResult | null;
  member: boolean;
  saving: boolean;
  onReset: () => void;
  onSave: () => void;
  message: { ok: boolean; text: string } | null;
  /** The scenario's cost items (SimResult.costs). */
  costs: SimResult["costs"];
}

/** The simulator's conditions: property and income, loan (with the term cap and its warning), expenses; reset and save. */
export function SimulatorForm({ fields, set, cap, warning, atBankLimit, member, saving, onReset, onSave, message, costs }: SimulatorFormProps) {
  // The listing's own figures count as themselves (src/lib/economics.ts); only the rates below are the visitor's.
  const listingCosts = costs.filter((c) => c.source === "listing" && c.key !== "taxes");
  const fixedTaxes = costs.find((c) => c.key === "taxes" && c.source === "listing")?.amount ?? null;
  return (
    <form
      className="grid content-start gap-4 rounded-lg border border-border bg-white p-4"
      onSubmit={(e) => e.preventDefault()}
      aria-label="シミュレーション条件"
    >
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
          <p
            className="col-span-2 rounded-md border border-error/40 bg-error/5 p-2 text-xs leading-relaxed font-bold text-error"
            data-slot="term-warning"
            role="alert"
          >
            {warning}
            {atBankLimit ? ` ${cap.bankYears}年の場合の月間キャッシュフローは${manText(atBankLimit.monthlyCashFlow)}です。` : null}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-bold">経費・諸費用</legend>
        <NumField label="管理委託費（賃料収入比）" unit="%" value={fields.management} onChange={set("management")} step="0.5" />
        <NumField label="修繕費（満室賃料比）" unit="%" value={fields.repairs} onChange={set("repairs")} step="0.5" />
        {fixedTaxes ? (
          <p className="grid gap-1 text-xs text-primary-600">
            <span className="font-bold">固定資産税等</span>
            <span>掲載の年額 {manText(fixedTaxes)}</span>
          </p>
        ) : (
          <NumField label="固定資産税等（価格比）" unit="%" value={fields.taxes} onChange={set("taxes")} step="0.05" />
        )}
        <NumField label="保険料（価格比）" unit="%" value={fields.insurance} onChange={set("insurance")} step="0.05" />
        <NumField label="購入時諸費用（価格比）" unit="%" value={fields.purchaseCosts} onChange={set("purchaseCosts")} step="0.5" />
        {listingCosts.length > 0 && (
          <p className="col-span-2 text-xs leading-relaxed text-primary-600" data-slot="sim-listing-costs">
            掲載の費用（変更不可）：{listingCosts.map((c) => `${c.label} ${manText(c.amount)}/年`).join("・")}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <PlainButton type="button" variant="outline" size="sm" onClick={onReset}>
          初期値に戻す
        </PlainButton>
        {member && (
          <PlainButton type="button" variant="gold" size="sm" disabled={saving} onClick={onSave} data-slot="save-scenario">
            <Save aria-hidden="true" />
            お気に入りに条件を保存
          </PlainButton>
        )}
      </div>
      {message && (
        <p role="status" className={message.ok ? "text-xs text-primary-700" : "text-xs text-error"}>
          {message.text}
        </p>
      )}
    </form>
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
