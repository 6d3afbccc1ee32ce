import { CalendarClock, FileText } from "@/components/icons";
import { SITE } from "@/lib/constants/site";
import type { InvestmentDetail } from "@/server/investments";
import { dateText, transactionText, vacancyText } from "./detail-format";

/**
 * 表示規約 block on every listing page (不動産の表示に関する公正競争規約):
 * 取引態様, 現況, 引渡し, 情報登録日, 次回更新予定日 and the brokerage licence.
 * Absent data is shown as 未定 / 相談, never hidden.
 */
export function ComplianceBlock({
  d,
}: {
  d: Pick<InvestmentDetail, "transactions" | "vacancy" | "assign" | "registered_at" | "update_at" | "next_update_at">;
}) {
  return (
    <section aria-labelledby="detail-terms" className="rounded-lg border border-border bg-muted p-4 text-sm sm:p-5" data-slot="display-terms">
      <h2 id="detail-terms" className="flex items-center gap-1.5 font-bold">
        <FileText className="size-4 text-gold-700" aria-hidden="true" />
        表示規約に基づく表示
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1.5 sm:grid-cols-2">
        <TermRow label="取引態様" value={transactionText(d.transactions)} empty="未定" />
        <TermRow label="現況" value={vacancyText(d.vacancy)} empty="未定" />
        <TermRow label="引渡し" value={d.assign} empty="相談" />
        <TermRow label="情報登録日" value={dateText(d.registered_at)} empty="未定" />
        <TermRow label="情報更新日" value={dateText(d.update_at)} empty="未定" />
        <TermRow label="次回更新予定日" value={dateText(d.next_update_at)} empty="未定" />
        <TermRow label="免許番号" value={SITE.licence} empty="未定" />
      </dl>
      <p className="mt-3 flex items-start gap-1.5 text-xs leading-relaxed text-primary-600">
        <CalendarClock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
        掲載情報は{SITE.corporateName}
        が取得した時点のものです。現況と異なる場合は現況を優先します。利回りの定義と注意事項は「価格・利回り・収支」の注記をご覧ください。
      </p>
    </section>
  );
}

function TermRow({ label, value, empty = "—" }: { label: string; value: string | null | undefined; empty?: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-28 shrink-0 text-primary-600">{label}</dt>
      <dd className="font-bold">{value || empty}</dd>
    </div>
  );
}
