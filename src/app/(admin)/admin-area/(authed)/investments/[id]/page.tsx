import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { HazardOverrideBlock } from "@/components/admin/hazard-override";
import { InvestmentActions } from "@/components/admin/investment-actions";
import { InvestmentEditor } from "@/components/admin/investment-editor";
import { AdminPageShell } from "@/components/admin/page-header";
import { formatPrice } from "@/lib/price";
import { env } from "@/server/env";
import { api } from "@/trpc/server";
import { adminPage, idParam } from "../../_lib/page-guard";

export const metadata: Metadata = { title: "物件の編集" };

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Tokyo" });

export default async function EditInvestmentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ saved?: string }> }) {
  const base = await adminPage();
  const id = idParam((await params).id);
  const { saved } = await searchParams;
  const data = await api.admin.investments.byId({ id }).catch((e: unknown) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!data) notFound();
  const m = data.meta;
  return (
    <AdminPageShell
      title="物件の編集"
      suffix={`#${m.id}`}
      back={{ href: `${base}/investments`, label: "物件一覧" }}
      actions={<InvestmentActions base={base} previewBase={env().PREVIEW_BASE_PATH} id={m.id} isPublic={data.values.public === true} />}
    >
      {saved ? (
        <p role="status" className="rounded-md border border-gold-300 bg-gold-50 px-4 py-3 text-sm">
          登録しました
        </p>
      ) : null}
      <dl className="grid gap-2 rounded-lg bg-white p-4 text-xs shadow-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">公開日</dt>
          <dd>{m.public_at ? dateFmt.format(m.public_at) : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">情報更新日</dt>
          <dd>{m.update_at ? dateFmt.format(m.update_at) : "—"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">築年月（自動）／残存耐用（自動）</dt>
          <dd>
            {m.built_at ?? "—"}／{m.residual_at ?? "—"}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">最寄り徒歩（自動）／新耐震</dt>
          <dd>
            {m.station_time !== null ? `${m.station_time}分` : "—"}／{m.new_quake ? "新耐震" : "—"}
          </dd>
        </div>
        {m.not_updated_at ? (
          <p className="font-bold text-error sm:col-span-4">次回更新予定日を過ぎたため公開ページに表示されていません。内容を確認して保存してください。</p>
        ) : null}
      </dl>
      <InvestmentEditor
        base={base}
        previewBase={env().PREVIEW_BASE_PATH}
        id={m.id}
        initial={data.values}
        images={data.images.map((i) => ({ id: i.id, name: i.name }))}
        meta={{
          price_before: m.price_before,
          price_down: m.price_down,
          public_at: m.public_at ? m.public_at.toISOString() : null,
          update_at: m.update_at ? m.update_at.toISOString() : null,
        }}
      />
      <HazardOverrideBlock investmentId={m.id} />
      {data.history.length ? (
        <section className="rounded-lg bg-white p-5 text-sm shadow-sm" aria-labelledby="history-title">
          <h2 id="history-title" className="mb-3 font-bold">
            価格改定履歴
          </h2>
          <table className="w-full">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-1">日時</th>
                <th className="py-1">変更前</th>
                <th className="py-1">変更後</th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((h, i) => (
                <tr key={i} className="border-t border-border">
                  <td className="py-1">{dateFmt.format(h.changed_at)}</td>
                  <td className="py-1">{h.price_before !== null ? formatPrice(h.price_before) : "—"}</td>
                  <td className="py-1">{formatPrice(h.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </AdminPageShell>
  );
}
