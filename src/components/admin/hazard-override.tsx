"use client";

import { useId, useState } from "react";
import { FormAlert } from "@/components/forms/field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { CLASS_NONE, classWording, HAZARD_CREDIT, HAZARD_LAYERS, hazardLayer } from "@/lib/hazard";
import { api } from "@/trpc/react";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeZone: "Asia/Tokyo" });

/**
 * The editor's ハザード block (issue 34), beside the listing editor (its own form, so it
 * never submits the listing): each layer as the worker read it (class, date, tile error)
 * and staff's override — confirm or correct one layer's class with a note of what it rests
 * on (the municipality's 水防法 map…); the override wins everywhere (detail, hz search).
 */
export function HazardOverrideBlock({ investmentId }: { investmentId: number }) {
  const uid = useId();
  const utils = api.useUtils();
  const flags = api.admin.hazards.byListing.useQuery({ id: investmentId });
  const override = api.admin.hazards.override.useMutation();
  const [layer, setLayer] = useState<string>(HAZARD_LAYERS[0]!.id);
  const [cls, setCls] = useState<string>("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const chosen = hazardLayer(layer)!;
  const byLayer = new Map((flags.data ?? []).map((f) => [f.layer, f]));

  async function submit(e: React.FormEvent, clear = false) {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      await override.mutateAsync({ investmentId, layer, class: clear ? null : cls || null, note: clear ? undefined : note });
      await utils.admin.hazards.byListing.invalidate({ id: investmentId });
      setMessage({ text: clear ? "上書きを解除しました" : "ハザード区分を保存しました", tone: "success" });
      if (!clear) setNote("");
    } catch (err) {
      const data = (err as { data?: { fieldErrors?: Record<string, string[]> } }).data;
      const fe = Object.fromEntries(Object.entries(data?.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? ""]));
      setErrors(fe);
      setMessage({ text: Object.keys(fe).length ? "入力内容をご確認ください" : "保存できませんでした。時間をおいて再度お試しください。", tone: "error" });
    }
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="grid gap-4 rounded-lg bg-white p-5 shadow-sm" data-slot="hazard-override">
      <h2 id={`${uid}-title`} className="border-l-4 border-gold pl-3 text-base font-bold">
        ハザード（確認・上書き）
      </h2>
      <p className="text-xs text-muted-foreground">
        位置を保存すると自動で{HAZARD_CREDIT.replace("出典：", "")}
        の地図を読み取ります。市町村のハザードマップ等で確認した区分は、根拠を添えて上書きできます（上書きが優先されます）。
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" data-slot="hazard-override-table">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th className="py-1 pr-2">種類</th>
              <th className="py-1 pr-2">自動判定</th>
              <th className="py-1 pr-2">確認日</th>
              <th className="py-1">上書き</th>
            </tr>
          </thead>
          <tbody>
            {HAZARD_LAYERS.map((l) => {
              const f = byLayer.get(l.id);
              const read = !f ? "未確認" : f.status === "ok" ? classWording(l, f.class) : "未確認";
              return (
                <tr key={l.id} className="border-t border-border align-top" data-layer={l.id}>
                  <td className="py-1.5 pr-2">{l.title}</td>
                  <td className="py-1.5 pr-2">
                    {read}
                    {f?.error ? <span className="block text-xs text-error">{f.error}</span> : null}
                  </td>
                  <td className="py-1.5 pr-2">{f?.checkedAt ? dateFmt.format(f.checkedAt) : "—"}</td>
                  <td className="py-1.5" data-slot="hazard-override-value">
                    {f?.overrideClass ? (
                      <>
                        <strong>{classWording(l, f.overrideClass)}</strong>
                        <span className="block text-xs text-muted-foreground">
                          {f.overrideNote}（{f.overrideBy || "スタッフ"}・{f.overrideAt ? dateFmt.format(f.overrideAt) : ""}）
                        </span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormAlert message={message?.text} tone={message?.tone} />
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
        <label className="grid gap-1 text-sm">
          <span className="font-bold">種類</span>
          <Select
            value={layer}
            onChange={(e) => {
              setLayer(e.target.value);
              setCls("");
            }}
            name="layer"
          >
            {HAZARD_LAYERS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.title}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-bold">区分</span>
          <Select value={cls} onChange={(e) => setCls(e.target.value)} name="class" aria-invalid={errors.class ? true : undefined}>
            <option value="">選択してください</option>
            <option value={CLASS_NONE}>{classWording(chosen, CLASS_NONE)}</option>
            {chosen.legend.map((e) => (
              <option key={e.key} value={e.key}>
                {classWording(chosen, e.key)}
              </option>
            ))}
          </Select>
          {errors.class ? <span className="text-xs text-error">{errors.class}</span> : null}
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-bold">根拠・メモ</span>
          <Input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            name="note"
            maxLength={500}
            placeholder="例：大阪市 洪水ハザードマップ（2025年版）で確認"
            aria-invalid={errors.note ? true : undefined}
          />
          {errors.note ? <span className="text-xs text-error">{errors.note}</span> : null}
        </label>
        <div className="flex gap-2">
          <Button type="submit" disabled={override.isPending}>
            上書き保存
          </Button>
          {byLayer.get(layer)?.overrideClass ? (
            <Button type="button" variant="outline" disabled={override.isPending} onClick={(e) => void submit(e, true)}>
              解除
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
