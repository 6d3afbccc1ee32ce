"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import { FUNDING_KEYS, FUNDING_LABELS, PURCHASE_COST_PCT_FORM_DEFAULT, type LoanTermsDto, type loanTermsInput } from "@/schemas/loan-terms";
import type { z } from "@/schemas/zod";
import { api } from "@/trpc/react";

/** Validation with the shared schema (the procedure's and REST's), loaded on first focus or submit. */
const resolver = lazyZodResolver(() => import("@/schemas/loan-terms").then((m) => m.loanTermsInput));
const FIELDS = ["funding", "own_funds_man", "down_payment_pct", "interest_pct", "years", "purchase_cost_pct"] as const;

type FormValues = z.input<typeof loanTermsInput>;

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

function valuesOf(terms: LoanTermsDto | null): FormValues {
  return {
    funding: terms?.funding ?? "down_payment",
    own_funds_man: text(terms?.own_funds_man),
    down_payment_pct: text(terms?.down_payment_pct ?? (terms ? null : 10)),
    interest_pct: text(terms?.interest_pct ?? (terms ? null : 2.5)),
    years: text(terms?.years ?? (terms ? null : 30)),
    purchase_cost_pct: text(terms?.purchase_cost_pct ?? PURCHASE_COST_PCT_FORM_DEFAULT),
  };
}

/** The summary of saved terms, as the page and the form's saved state print it. */
export function loanTermsSummary(t: LoanTermsDto): string {
  const funding = t.funding === "own_funds" ? `自己資金${(t.own_funds_man ?? 0).toLocaleString("ja-JP")}万円` : `頭金${t.down_payment_pct ?? 0}%`;
  return `${funding}・金利${t.interest_pct}%・期間${t.years}年・購入時諸費用${t.purchase_cost_pct}%`;
}

/** My Page 融資条件 (issue 33): save or delete the member's own loan terms. */
export function LoanTermsForm({ initial }: { initial: LoanTermsDto | null }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const [saved, setSaved] = useState<LoanTermsDto | null>(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, z.output<typeof loanTermsInput>>({ resolver, defaultValues: valuesOf(initial) });
  const save = api.member.loanTerms.save.useMutation();
  const remove = api.member.loanTerms.remove.useMutation();
  const funding = useWatch({ control: form.control, name: "funding" });

  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    setNotice(null);
    try {
      const r = await save.mutateAsync(values);
      setSaved(r.terms);
      setNotice("融資条件を保存しました。物件一覧のカード・表に、この条件での月間キャッシュフローが表示されます。");
      s.succeed();
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, FIELDS));
    }
  });

  async function onDelete() {
    if (!window.confirm("保存した融資条件を削除しますか？")) return;
    s.start();
    setNotice(null);
    try {
      await remove.mutateAsync();
      setSaved(null);
      form.reset(valuesOf(null));
      setNotice("融資条件を削除しました。");
      s.succeed();
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, FIELDS));
    }
  }

  return (
    <div className="grid gap-6">
      <div className="rounded-lg border border-border bg-muted/60 p-4 text-sm" data-slot="loan-terms-saved">
        {saved ? (
          <p>
            <span className="font-bold">保存中の融資条件：</span>
            {loanTermsSummary(saved)}
          </p>
        ) : (
          <p>融資条件はまだ保存されていません。</p>
        )}
      </div>
      <form onFocus={resolver.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting} data-slot="loan-terms-form">
        <FormAlert message={s.message} />
        {notice ? <FormAlert tone="success" message={notice} /> : null}
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-bold">資金の入れ方</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {FUNDING_KEYS.map((k) => (
              <label key={k} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" value={k} className="size-4 accent-gold" {...form.register("funding")} />
                {FUNDING_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        {funding === "own_funds" ? (
          <TextField
            form={form}
            name="own_funds_man"
            label="自己資金（万円）"
            inputMode="decimal"
            hint="購入時諸費用を含めて用意する現金。価格＋諸費用から引いた残りを借り入れます。"
            required
          />
        ) : (
          <TextField
            form={form}
            name="down_payment_pct"
            label="頭金（価格の%）"
            inputMode="decimal"
            hint="0〜100%。10%なら9割融資。購入時諸費用は頭金とは別に現金で払う計算です。"
            required
          />
        )}
        <TextField form={form} name="interest_pct" label="金利（年%）" inputMode="decimal" hint="0〜15%。小数も入力できます（例：2.5）。" required />
        <TextField form={form} name="years" label="融資期間（年）" inputMode="numeric" hint="1〜50年の整数。" required />
        <TextField
          form={form}
          name="purchase_cost_pct"
          label="購入時諸費用（価格の%）"
          inputMode="decimal"
          hint="0〜20%。仲介手数料・登記費用・不動産取得税・融資手数料など。空欄なら7%。"
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={s.submitting}>
            {s.submitting ? "保存中…" : "保存する"}
          </Button>
          {saved && (
            <Button type="button" variant="outline" size="lg" disabled={s.submitting} onClick={() => void onDelete()} data-slot="loan-terms-delete">
              削除する
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
