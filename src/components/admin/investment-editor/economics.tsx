"use client";

import { useRef, useState } from "react";
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { withCommas } from "@/lib/price";
import {
  EMPTY_REPAIR_ROW,
  EMPTY_RENT_ROLL_ROW,
  MAX_RENT_ROLL_ROWS,
  MAX_REPAIR_ROWS,
  UNIT_STATUS_CHOICES,
  rentRollIncomeWarning,
  rentRollTotals,
} from "@/schemas/admin/investment-economics";
import { api } from "@/trpc/react";
import { AdminInput, AdminSelect, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

const FLAG_CHOICES = [
  { id: "true", name: "該当する" },
  { id: "false", name: "該当しない" },
];
const yen = (n: number) => `${withCommas(String(Math.round(n)))}円`;

/** The file's bytes as base64 for the import procedure (chunked: String.fromCharCode takes limited arguments). */
function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * 収支・積算 (issue 35): what the economics model needs beyond the price section — 路線価 and its
 * year, 借地権割合, 固定資産税評価額, 固都税, 再調達単価, 鉄骨の肉厚, 再建築不可 / 既存不適格 —
 * the rent roll (rows, totals, a warning when it differs from 想定年収 by more than 1 %, CSV
 * import) and the 修繕履歴. Validation is the shared schema's (src/schemas/admin/investment-economics.ts).
 */
export function EconomicsSection({ form }: { form: Form }) {
  return (
    <Section id="sec-economics" title="収支・積算">
      <div className={gridCols}>
        <AdminInput form={form} name="road_price" label="路線価（円/㎡）" inputMode="numeric" hint="前面道路の相続税路線価" />
        <AdminInput form={form} name="road_price_year" label="路線価の年" inputMode="numeric" hint="例: 2026" />
        <AdminInput form={form} name="leasehold_ratio" label="借地権割合（%）" inputMode="numeric" hint="借地権・定期借地権のとき（30〜90）" />
        <AdminInput form={form} name="property_tax" label="固定資産税・都市計画税 年額（円）" inputMode="numeric" hint="空欄なら既定率で概算" />
        <AdminInput form={form} name="assessed_land_value" label="固定資産税評価額・土地（円）" inputMode="numeric" />
        <AdminInput form={form} name="assessed_building_value" label="固定資産税評価額・建物（円）" inputMode="numeric" />
        <AdminInput form={form} name="replacement_cost" label="再調達単価（円/㎡）" inputMode="numeric" hint="空欄なら構造別の既定値" />
        <AdminInput form={form} name="steel_thickness" label="鉄骨の肉厚（mm）" inputMode="decimal" hint="鉄骨造・軽量鉄骨造のとき" />
        <AdminSelect form={form} name="rebuild_not_allowed" label="再建築不可" choices={FLAG_CHOICES} placeholder="記載なし" />
        <AdminSelect form={form} name="nonconforming" label="既存不適格" choices={FLAG_CHOICES} placeholder="記載なし" />
      </div>
      <RentRollEditor form={form} />
      <RepairsEditor form={form} />
    </Section>
  );
}

function RentRollEditor({ form }: { form: Form }) {
  const { fields, append, remove, replace } = useFieldArray({ control: form.control, name: "rent_roll" as never });
  const rows = (useWatch({ control: form.control, name: "rent_roll" }) ?? []) as { rent?: string; common_fee?: string; status?: string }[];
  const income = useWatch({ control: form.control, name: "income" }) as { year?: string; month?: string } | undefined;
  const totals = rentRollTotals(rows);
  const warning = rentRollIncomeWarning(rows, income ?? {});
  const importCsv = api.admin.investments.importRentRoll.useMutation();
  const file = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; lines: string[] } | null>(null);

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    setNotice(null);
    try {
      const r = await importCsv.mutateAsync({ csv: toBase64(await f.arrayBuffer()) });
      if (r.ok) {
        replace(r.rows as never);
        setNotice({ tone: "ok", lines: [`${r.rows.length}戸を読み込みました（${r.encoding}）。保存すると反映されます。`] });
      } else {
        setNotice({ tone: "error", lines: ["CSVを読み込めませんでした（何も取り込んでいません）:", ...r.errors.map((e) => e.message)] });
      }
    } catch {
      setNotice({ tone: "error", lines: ["CSVを読み込めませんでした。ファイルをご確認ください。"] });
    } finally {
      if (file.current) file.current.value = "";
    }
  };

  return (
    <div className="grid gap-3" data-testid="rent-roll">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-bold">レントロール</p>
        <div className="flex flex-wrap items-center gap-2">
          <label className="cursor-pointer rounded border border-border px-3 py-1.5 text-sm hover:bg-muted">
            CSVを取り込む
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="レントロールのCSVファイル"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </label>
          <Button size="sm" variant="outline" disabled={fields.length >= MAX_RENT_ROLL_ROWS} onClick={() => append({ ...EMPTY_RENT_ROLL_ROW } as never)}>
            行を追加
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        CSVは1行1戸、1行目に見出し「号室,間取り,面積,賃料,共益費,敷金,状態,契約開始」（Shift_JIS・UTF-8どちらも可）。取り込むと現在の行は置き換わります。
      </p>
      {notice ? (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          className={notice.tone === "error" ? "rounded bg-error-50 p-3 text-sm text-error" : "rounded bg-muted p-3 text-sm"}
        >
          {notice.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
        </div>
      ) : null}
      {fields.map((f, i) => (
        <div key={f.id} className="grid items-end gap-2 rounded border border-border p-3 sm:grid-cols-4 lg:grid-cols-9 lg:border-0 lg:p-0">
          <AdminInput form={form} name={`rent_roll.${i}.room`} label="号室" />
          <AdminInput form={form} name={`rent_roll.${i}.layout`} label="間取り" />
          <AdminInput form={form} name={`rent_roll.${i}.area`} label="面積（㎡）" inputMode="decimal" />
          <AdminInput form={form} name={`rent_roll.${i}.rent`} label="賃料（円/月）" inputMode="numeric" />
          <AdminInput form={form} name={`rent_roll.${i}.common_fee`} label="共益費（円/月）" inputMode="numeric" />
          <AdminInput form={form} name={`rent_roll.${i}.deposit`} label="敷金（円）" inputMode="numeric" />
          <AdminSelect form={form} name={`rent_roll.${i}.status`} label="状態" choices={UNIT_STATUS_CHOICES} />
          <AdminInput form={form} name={`rent_roll.${i}.lease_start`} label="契約開始" hint="例: 2021-04" />
          <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`${i + 1}行目を削除`}>
            削除
          </Button>
        </div>
      ))}
      {fields.length > 0 ? (
        <p className="text-sm" data-testid="rent-roll-totals">
          {totals.units}戸（空室・募集中 {totals.vacant}戸）／ 月額合計 {yen(totals.monthly)}（賃料＋共益費）／ 年額 {yen(totals.annual)}（現況{" "}
          {yen(totals.currentAnnual)}）
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">レントロールは未入力です。</p>
      )}
      {warning ? (
        <p role="status" className="rounded bg-gold-50 p-3 text-sm text-gold-800" data-testid="rent-roll-warning">
          ⚠ {warning}
        </p>
      ) : null}
    </div>
  );
}

function RepairsEditor({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "repair_history" as never });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-bold">修繕履歴</p>
        <Button size="sm" variant="outline" disabled={fields.length >= MAX_REPAIR_ROWS} onClick={() => append({ ...EMPTY_REPAIR_ROW } as never)}>
          修繕履歴を追加
        </Button>
      </div>
      {fields.map((f, i) => (
        <div key={f.id} className="grid items-end gap-2 sm:grid-cols-[10rem_1fr_12rem_auto]">
          <AdminInput form={form} name={`repair_history.${i}.year_month`} label="年月" hint="例: 2019-06" />
          <AdminInput form={form} name={`repair_history.${i}.description`} label="内容" />
          <AdminInput form={form} name={`repair_history.${i}.cost`} label="費用（円）" inputMode="numeric" />
          <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`修繕履歴${i + 1}行目を削除`}>
            削除
          </Button>
        </div>
      ))}
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">修繕履歴は未入力です。</p> : null}
    </div>
  );
}
