"use client";

import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { formatPrice } from "@/lib/price";
import { grossIncomeYield } from "@/lib/yield";
import type { PriceChangeKind } from "@/schemas/admin/investment";
import { AdminInput, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

/** The price field's value as a number (full-width digits allowed, as the schema takes them); null when not one. */
export function priceNumber(v: unknown): number | null {
  const t = String(v ?? "")
    .normalize("NFKC")
    .trim();
  return t && Number.isFinite(Number(t)) ? Number(t) : null;
}

/**
 * 値下げ・価格改定 or 訂正 (issue 30), offered once the price differs from the stored one: a 訂正
 * replaces a mistyped price without mailing members or adding to the price history (the server's
 * price-correction.ts); the default records a real change.
 */
function PriceChangeChoice({ kind, onChange, cut }: { kind: PriceChangeKind; onChange: (k: PriceChangeKind) => void; cut: boolean }) {
  const options: { key: PriceChangeKind; title: string; note: string }[] = [
    {
      key: "change",
      title: cut ? "値下げ" : "価格改定",
      note: cut ? "価格改定履歴に残し、保存した条件に合う会員へ値下げをお知らせします。" : "価格改定履歴に残します。",
    },
    {
      key: "correction",
      title: "訂正（通知しない・値下げ履歴に残さない）",
      note: "入力ミスの修正に。会員へのお知らせも価格改定履歴への記録もせず、値下げ前価格も表示しません。",
    },
  ];
  return (
    <fieldset className="grid gap-2 rounded-md border border-gold-300 bg-gold-50 p-3 text-sm" data-slot="price-change">
      <legend className="px-1 font-bold">価格の変更の種類</legend>
      {options.map((o) => (
        <label key={o.key} className="flex items-start gap-2">
          <input type="radio" name="price_change" value={o.key} checked={kind === o.key} onChange={() => onChange(o.key)} className="mt-1 size-4 accent-gold" />
          <span>
            <span className="font-bold">{o.title}</span>
            <span className="block text-xs text-muted-foreground">{o.note}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** 価格・収支: price, rent income, the yield derived from them, running costs and the price-cut note. */
export function PriceSection({
  form,
  priceBefore,
  storedPrice = null,
  priceChange = "change",
  onPriceChange,
}: {
  form: Form;
  priceBefore: number | null;
  /** The saved listing's price (null for a new listing): a different price asks 値下げ or 訂正. */
  storedPrice?: number | null;
  priceChange?: PriceChangeKind;
  onPriceChange?: (k: PriceChangeKind) => void;
}) {
  const price = useWatch({ control: form.control, name: "price" });
  const typed = priceNumber(price);
  const changed = storedPrice !== null && typed !== null && typed !== storedPrice;
  // The yield is derived from price and income whenever both are known (as the server does on save), shown live and read-only.
  const income = useWatch({ control: form.control, name: "income" });
  const derivedYield = grossIncomeYield(String(price ?? ""), { month: String(income?.month ?? ""), year: String(income?.year ?? "") }).yield;
  useEffect(() => {
    if (derivedYield !== null && String(derivedYield) !== form.getValues("yield")) form.setValue("yield", String(derivedYield), { shouldDirty: true });
  }, [derivedYield, form]);
  return (
    <Section id="sec-price" title="価格・収支">
      <div className={gridCols}>
        <AdminInput form={form} name="price" label="価格（万円）" required inputMode="decimal" hint={price ? formatPrice(String(price)) : undefined} />
        <AdminInput form={form} name="income.month" label="月額賃料収入（円）" inputMode="decimal" />
        <AdminInput form={form} name="income.year" label="年間賃料収入（円）" inputMode="decimal" hint="空欄なら月額×12" />
        <AdminInput
          form={form}
          name="yield"
          label="表面利回り（%）"
          inputMode="decimal"
          readOnly={derivedYield !== null}
          hint={derivedYield !== null ? "年間収入÷価格で自動計算（小数第2位未満切り捨て）" : "賃料収入が空欄のときだけ入力"}
        />
        <AdminInput form={form} name="service_charge" label="管理費（円）" inputMode="decimal" />
        <AdminInput form={form} name="maintenance_fee" label="修繕積立金（円）" inputMode="decimal" />
      </div>
      {changed && onPriceChange ? <PriceChangeChoice kind={priceChange} onChange={onPriceChange} cut={typed < storedPrice} /> : null}
      {priceBefore !== null ? <p className="text-sm text-error">値下げ中：変更前 {formatPrice(priceBefore)}</p> : null}
    </Section>
  );
}
