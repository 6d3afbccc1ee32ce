"use client";

import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { formatPrice } from "@/lib/price";
import { grossIncomeYield } from "@/lib/yield";
import { AdminInput, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

/** 価格・収支: price, rent income, the yield derived from them, running costs and the price-cut note. */
export function PriceSection({ form, priceBefore }: { form: Form; priceBefore: number | null }) {
  const price = useWatch({ control: form.control, name: "price" });
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
      {priceBefore !== null ? <p className="text-sm text-error">値下げ中：変更前 {formatPrice(priceBefore)}</p> : null}
    </Section>
  );
}
