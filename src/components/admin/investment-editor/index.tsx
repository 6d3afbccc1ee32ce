"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import type { PriceChangeKind } from "@/schemas/admin/investment";
import { api } from "@/trpc/react";
import { BasicsSection } from "./basics";
import { BuildingSection } from "./building";
import { useEditorDraft } from "./draft";
import { DraftBanner } from "./draft-banner";
import { EconomicsSection } from "./economics";
import { ImagesSection } from "./images";
import { LandSection } from "./land";
import { CommentsSection, DealSection, OriginalSection, PublishSection } from "./listing";
import { LocationSection } from "./location";
import { PriceSection, priceNumber } from "./price";
import { TransportsSection } from "./transports";
import type { StoredImageInfo, Values } from "./types";
import { SERVER_FIELDS, useInvestmentForm } from "./use-investment-form";

interface InvestmentEditorProps {
  base: string;
  /** PREVIEW_BASE_PATH (admins only): the preview link of a saved listing. */
  previewBase?: string;
  /** null for a new listing */
  id: number | null;
  initial: Values;
  images?: StoredImageInfo[];
  /** Transport names as stored (shown until the pickers load). */
  meta?: { price_before: number | null; price_down: boolean; public_at: string | null; update_at: string | null } | null;
}

/**
 * The listing editor: every field of spec §3 in sections, the spec §5 rules
 * (same schema as the server), the property-number check as you type,
 * transports from the railway master, photo upload with drag-and-drop order,
 * autosave of the draft in this browser, a warning before leaving with
 * unsaved changes, and a preview link.
 */
export function InvestmentEditor({ base, previewBase, id, initial, images = [], meta }: InvestmentEditorProps) {
  const router = useRouter();
  const utils = api.useUtils();
  const s = useSubmitStatus();
  const [saved, setSaved] = useState<string | null>(null);
  // 値下げ・価格改定 or 訂正 for a changed price (issue 30); not a form field: it says how to record the change.
  const [priceChange, setPriceChange] = useState<PriceChangeKind>("change");
  const { form, setServerError } = useInvestmentForm(initial, id);
  const create = api.admin.investments.create.useMutation();
  const update = api.admin.investments.update.useMutation();
  const masters = api.admin.investments.masters.useQuery(undefined, { staleTime: Infinity });
  // isPending, not isLoading: isLoading is false on the server (it never fetches) and true in the
  // browser's first render, so the 市区町村 placeholder differed at hydration (React error #418).
  const { draft, dirty, clearDraft, restoreDraft } = useEditorDraft(form, id);

  const onSubmit = form.handleSubmit(
    async (values) => {
      s.start();
      setSaved(null);
      try {
        if (id === null) {
          const r = await create.mutateAsync(values as never);
          clearDraft();
          form.reset(form.getValues());
          s.succeed();
          router.push(`${base}/investments/${r.id}?saved=1`);
        } else {
          const r = await update.mutateAsync({ id, ...values, price_change: priceChange } as never);
          clearDraft();
          s.succeed();
          setPriceChange("change");
          setSaved(
            r.priceCorrected
              ? "保存しました（価格を訂正しました。会員へのお知らせと価格改定履歴への記録はしていません）"
              : !r.priceCut
                ? "保存しました"
                : r.formerPriceShown
                  ? "保存しました（値下げとして記録しました。値下げ前価格を公表日・値下げ日とともに6か月間表示します）"
                  : "保存しました（価格変更として記録しました。変更前の価格は2か月以上公表していないため、表示規約により公開ページに表示しません）",
          );
          await utils.admin.investments.byId.invalidate({ id });
          router.refresh();
          form.reset(form.getValues());
        }
      } catch (e) {
        s.fail(
          applyServerErrors<Values>(e, (path, err) => setServerError(path, err.message ?? ""), SERVER_FIELDS(values as unknown as Values)) ??
            "入力内容をご確認ください",
        );
      }
    },
    () => s.fail("入力内容に誤りがあります。赤字の項目をご確認ください。"),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      {draft ? <DraftBanner onRestore={restoreDraft} onDiscard={clearDraft} /> : null}
      <FormAlert message={s.message} />
      <FormAlert message={saved} tone="success" />

      <BasicsSection form={form} />
      <LocationSection form={form} municipalities={masters.data?.municipalities ?? []} loading={masters.isPending} />
      <TransportsSection form={form} lines={masters.data?.lines ?? []} />
      <PriceSection
        form={form}
        priceBefore={meta?.price_down && meta.price_before !== null ? meta.price_before : null}
        storedPrice={id !== null ? priceNumber(initial.price) : null}
        priceChange={priceChange}
        onPriceChange={setPriceChange}
      />
      <BuildingSection form={form} />
      <LandSection form={form} />
      <EconomicsSection form={form} />
      <DealSection form={form} />
      <OriginalSection form={form} />
      <CommentsSection form={form} />
      <ImagesSection form={form} stored={images} investmentId={id} />
      <PublishSection form={form} updateAt={meta?.update_at ?? null} />

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-border bg-white/95 px-4 py-3 shadow-sm">
        <Button type="submit" variant="gold" disabled={s.submitting}>
          {s.submitting ? "保存中…" : id === null ? "登録する" : "保存する"}
        </Button>
        {id !== null && previewBase ? (
          <a href={`${previewBase}/investments/${id}`} target="_blank" rel="noreferrer" className="text-sm underline">
            プレビュー
          </a>
        ) : null}
        {dirty ? <span className="text-xs text-muted-foreground">未保存の変更があります（この端末に自動保存中）</span> : null}
      </div>
    </form>
  );
}
