"use client";

import { useMemo, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { RAILWAY_OPERATORS } from "@/lib/constants/investment";
import { DISTANCES, MAX_TRANSPORTS } from "@/schemas/admin/investment";
import { api } from "@/trpc/react";
import { AdminInput, AdminSelect, gridCols, Section, type Choice } from "../form-fields";
import type { Form } from "./types";

const TRANSPORT_EMPTY = { operator: "", line_cd: "", station_cd: "", distance: "1", station_walk: "", bus_name: "", bus_time: "", bus_walk: "", other: "" };

type Line = { line_cd: number; company_cd: number; name: string };
const OTHER_OPERATOR = "other";

function operatorOf(companyCd: number | undefined): string {
  if (companyCd === undefined) return "";
  const op = RAILWAY_OPERATORS.find((o) => o.company_cd === companyCd || (o.merged_company_cds as readonly number[]).includes(companyCd));
  return op?.key ?? OTHER_OPERATOR;
}

export function TransportsSection({ form, lines }: { form: Form; lines: Line[] }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "transports" });
  return (
    <Section id="sec-transports" title="交通">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">交通が登録されていません。</p> : null}
      <ol className="grid gap-4">
        {fields.map((f, i) => (
          <li key={f.id} className="grid gap-3 rounded-md border border-border p-4" aria-label={`交通${i + 1}`}>
            <div className="flex items-center justify-between">
              <span className="text-sm font-bold">交通{i + 1}</span>
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`交通${i + 1}を上へ`}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`交通${i + 1}を下へ`}>
                  ↓
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`交通${i + 1}を削除`}>
                  削除
                </Button>
              </div>
            </div>
            <TransportRow form={form} index={i} lines={lines} />
          </li>
        ))}
      </ol>
      <div>
        <Button size="sm" variant="outline" disabled={fields.length >= MAX_TRANSPORTS} onClick={() => append({ ...TRANSPORT_EMPTY })}>
          交通を追加
        </Button>
      </div>
    </Section>
  );
}

function TransportRow({ form, index, lines }: { form: Form; index: number; lines: Line[] }) {
  const p = `transports.${index}` as const;
  const lineCd = useWatch({ control: form.control, name: `${p}.line_cd` });
  const distance = String(useWatch({ control: form.control, name: `${p}.distance` }) ?? "");
  const line = lines.find((l) => String(l.line_cd) === String(lineCd));
  const [chosenOperator, setOperator] = useState<string | null>(null);
  const operator = chosenOperator ?? operatorOf(line?.company_cd);
  const lineChoices = useMemo<Choice[]>(
    () => lines.filter((l) => operatorOf(l.company_cd) === operator).map((l) => ({ id: l.line_cd, name: l.name })),
    [lines, operator],
  );
  const lineNumber = Number(lineCd);
  const stationsEnabled = Number.isInteger(lineNumber) && lineNumber > 0;
  const stations = api.admin.investments.stations.useQuery({ line_cd: lineNumber }, { enabled: stationsEnabled, staleTime: Infinity });
  // "Loading" from whether the data is there, not from isFetching: the server never fetches
  // (isFetching false) while the browser's first render already is, and the two placeholders
  // differed at hydration: React error #418 on every load of the editor.
  const stationsLoading = stationsEnabled && stations.isPending;
  const stationChoices = useMemo<Choice[]>(() => (stations.data ?? []).map((s) => ({ id: s.station_cd, name: s.name })), [stations.data]);
  const opId = `f-transports-${index}-operator`;
  return (
    <div className={gridCols}>
      <div className="grid gap-1.5">
        <label htmlFor={opId} className="text-sm font-bold text-primary">
          鉄道会社
        </label>
        <select
          id={opId}
          className="h-9 rounded-md border border-primary-200 bg-white px-3 text-sm"
          value={operator}
          onChange={(e) => {
            setOperator(e.target.value);
            form.setValue(`${p}.line_cd`, "", { shouldDirty: true });
            form.setValue(`${p}.station_cd`, "", { shouldDirty: true });
          }}
        >
          <option value="">選択してください</option>
          {RAILWAY_OPERATORS.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
          <option value={OTHER_OPERATOR}>その他の鉄道会社</option>
        </select>
      </div>
      <AdminSelect form={form} name={`${p}.line_cd`} label="路線" choices={lineChoices} onValue={() => form.setValue(`${p}.station_cd`, "")} />
      <AdminSelect
        form={form}
        name={`${p}.station_cd`}
        label="駅"
        choices={stationChoices}
        placeholder={stationsLoading ? "読み込み中…" : "選択してください"}
      />
      <AdminSelect form={form} name={`${p}.distance`} label="交通手段" choices={DISTANCES} placeholder="選択" />
      {distance === "1" ? <AdminInput form={form} name={`${p}.station_walk`} label="徒歩（分）" inputMode="numeric" /> : null}
      {distance === "2" ? (
        <>
          <AdminInput form={form} name={`${p}.bus_name`} label="バス停名" />
          <AdminInput form={form} name={`${p}.bus_time`} label="バス乗車時間（分）" inputMode="numeric" />
          <AdminInput form={form} name={`${p}.bus_walk`} label="バス停から徒歩（分）" inputMode="numeric" />
        </>
      ) : null}
      {distance === "3" ? <AdminInput form={form} name={`${p}.other`} label="その他の交通" className="sm:col-span-2" /> : null}
    </div>
  );
}
