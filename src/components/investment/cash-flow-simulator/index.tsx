"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { Calculator } from "@/components/icons";
import { MAN, applyLoanTerms, applyScenario, defaultInput, simulate, termWarning, toScenario, type ListingForSim } from "@/lib/simulator";
import { modelTermsOf } from "@/lib/loan-terms";
import type { LoanTermsDto } from "@/schemas/loan-terms";
import { fetchMutation, fetchQuery } from "@/trpc/fetch-query";
import { ProjectionChart } from "./chart";
import { num, round, toFields, toInput, type FieldKey, type Fields } from "./fields";
import { SimFigures } from "./figures";
import { SimulatorForm } from "./inputs";

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
  const defaults = useMemo(() => defaultInput(listing, new Date(now)), [listing, now]);
  const cap = defaults.cap;
  // A member's saved 融資条件 (issue 33) become the opening scenario (and what リセット returns to).
  const [terms, setTerms] = useState<LoanTermsDto | null>(null);
  const base = useMemo(() => applyLoanTerms(defaults, cap, terms ? modelTermsOf(terms) : null), [defaults, cap, terms]);
  const [fields, setFields] = useState<Fields>(() => toFields(base));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  // A member's saved scenario replaces the defaults once, when it arrives. Plain fetch, no React
  // Query: the detail page ships no tRPC client (issue 21).
  const loaded = useRef<number | null>(null);
  useEffect(() => {
    if (!member || loaded.current === investmentId) return;
    let live = true;
    // The member's loan terms first, then a scenario saved with this listing's bookmark over them (the more specific).
    Promise.all([
      fetchQuery<{ terms: LoanTermsDto | null }>("member.loanTerms.get", undefined).catch(() => ({ terms: null })),
      fetchQuery<{ scenario: Parameters<typeof applyScenario>[2] | null }>("member.scenario.get", { investmentId }).catch(() => ({ scenario: null })),
    ]).then(([t, r]) => {
      if (!live) return;
      loaded.current = investmentId;
      const opening = applyLoanTerms(defaults, cap, t.terms ? modelTermsOf(t.terms) : null);
      setTerms(t.terms);
      if (t.terms || r.scenario) setFields(toFields(applyScenario(opening, cap, r.scenario)));
    });
    return () => {
      live = false;
    };
  }, [member, investmentId, defaults, cap]);

  async function save(scenario: ReturnType<typeof toScenario>) {
    setSaving(true);
    try {
      await fetchMutation("member.scenario.saveScenario", { investmentId, scenario });
      setMessage({ ok: true, text: "シミュレーション条件をお気に入りに保存しました。" });
    } catch (e) {
      setMessage({ ok: false, text: (e instanceof Error && e.message) || "保存できませんでした。" });
    } finally {
      setSaving(false);
    }
  }

  const input = useMemo(() => toInput(fields, cap, base), [fields, cap, base]);
  const result = useMemo(() => simulate(input), [input]);
  // A term the banks would not lend is computed as typed, with the reason and the figure at the bank's limit beside it.
  const typedYears = fields.years.trim() === "" ? Number.NaN : num(fields.years);
  const warning = termWarning(typedYears, cap);
  const atBankLimit = useMemo(() => (input.years > cap.bankYears ? simulate({ ...input, years: cap.bankYears }) : null), [input, cap.bankYears]);

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
    <div
      className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]"
      data-slot="cash-flow-simulator"
      // Marks the live simulator once mounted (it loads when near the viewport, ./lazy.tsx): tests wait for it.
      ref={(el) => el?.setAttribute("data-ready", "")}
    >
      <SimulatorForm
        fields={fields}
        set={set}
        cap={cap}
        warning={warning}
        atBankLimit={atBankLimit}
        member={member}
        saving={saving}
        onReset={() => {
          setMessage(null);
          setFields(toFields(base));
        }}
        onSave={() => void save(toScenario(input))}
        message={message}
        costs={result.costs}
      />

      <div className="grid content-start gap-4">
        <SimFigures r={result} />
        {result.noi !== null && <ProjectionChart r={result} />}
        <p className="text-xs leading-relaxed text-primary-600">
          <Calculator className="mr-1 inline size-3.5" aria-hidden="true" />
          元利均等返済・税引前の概算です。運営経費は物件概要と同じ計算で、掲載の地代・管理費・修繕積立金・固定資産税等はその額、それ以外は割合（管理委託費は入居分の賃料、修繕費は満室賃料、固定資産税等・保険料は物件価格に対する割合）で計算しています。条件を変えない限り、実質利回り・NOIは物件概要の数字と同じです。実際の融資条件・税額は金融機関・税理士にご確認ください。
        </p>
      </div>
    </div>
  );
}
