"use client";

import { useMemo, useState } from "react";
import { Calculator } from "@/components/icons";
import { MAN, applyScenario, defaultInput, simulate, termWarning, toScenario, type ListingForSim } from "@/lib/simulator";
import { api } from "@/trpc/react";
import { ProjectionChart } from "./chart";
import { num, round, toFields, toInput, type FieldKey, type Fields } from "./fields";
import { SimFigures } from "./figures";
import { SimulatorForm } from "./inputs";

interface CashFlowSimulatorProps {
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
      <SimulatorForm
        fields={fields}
        set={set}
        cap={cap}
        warning={warning}
        atBankLimit={atBankLimit}
        member={member}
        saving={save.isPending}
        onReset={() => {
          setMessage(null);
          setFields(toFields(base));
        }}
        onSave={() => save.mutate({ investmentId, scenario: toScenario(input) })}
        message={message}
      />

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
