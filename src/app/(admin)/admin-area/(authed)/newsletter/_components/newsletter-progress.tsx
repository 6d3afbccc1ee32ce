"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { NEWSLETTER_PHASE_NAMES } from "@/lib/constants/newsletter";
import { api } from "@/trpc/react";

const fmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "medium", timeZone: "Asia/Tokyo" });

/**
 * Live progress (polled every 1.5 s while scheduled, queued or sending), cancel, and the deliveries
 * that need a look. A change of phase (配信予約 → 配信待ち → 配信中 → 配信完了) refreshes the page, so
 * the editor gives way to the sent body as soon as sending is under way.
 */
export function NewsletterProgress({ id }: { id: number }) {
  const router = useRouter();
  const progress = api.admin.newsletters.progress.useQuery(
    { id },
    { refetchInterval: (q) => (q.state.data && ["scheduled", "sending"].includes(q.state.data.status) ? 1500 : false) },
  );
  const phase = progress.data?.phase;
  const seen = useRef(phase);
  useEffect(() => {
    if (seen.current !== undefined && phase !== undefined && seen.current !== phase) router.refresh();
    seen.current = phase;
  }, [phase, router]);
  const problems = api.admin.newsletters.problems.useQuery({ id }, { enabled: !!progress.data && !["scheduled", "sending"].includes(progress.data.status) });
  const cancel = api.admin.newsletters.cancel.useMutation({
    onSuccess: () => {
      void progress.refetch();
      router.refresh();
    },
  });
  const p = progress.data;
  if (!p) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  const c = p.counts;
  const done = c.sent + c.failed + c.skipped;
  const pct = c.total ? Math.round((done / c.total) * 100) : p.status === "sent" ? 100 : 0;
  const live = p.status === "scheduled" || p.status === "sending";
  const queued = p.phase === "queued";

  return (
    <section className="grid gap-4 rounded-lg bg-white p-5 shadow-sm" aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-bold">
          配信状況：<span className="text-gold-700">{NEWSLETTER_PHASE_NAMES[p.phase] ?? p.status}</span>
        </h2>
        {live ? (
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={cancel.isPending}
            onClick={() => {
              if (window.confirm("残りの配信を中止します。送信済みのメールは取り消せません。よろしいですか？")) cancel.mutate({ id });
            }}
          >
            配信を中止する
          </Button>
        ) : null}
      </div>
      {p.phase === "scheduled" && p.scheduled_at ? <p className="text-sm">配信予定：{fmt.format(new Date(p.scheduled_at))}</p> : null}
      {queued ? (
        <p className="text-sm" data-slot="newsletter-queued">
          配信を受け付けました。まもなく送信を始めます（対象{" "}
          <strong className="tabular">{p.expected === null ? "—" : p.expected.toLocaleString("ja-JP")}</strong> 人）。このページで進み具合を確認できます。
        </p>
      ) : null}
      <div hidden={queued}>
        <div
          className="h-3 w-full overflow-hidden rounded bg-primary-50"
          role="progressbar"
          aria-valuenow={pct}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label="配信の進み具合"
        >
          <div className="h-full bg-gold transition-all" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-2 text-sm tabular">
          送信済み <strong>{c.sent.toLocaleString("ja-JP")}</strong> / 対象 {c.total.toLocaleString("ja-JP")} 件（{pct}%）
          {c.failed ? <span className="ml-3 text-error">失敗 {c.failed.toLocaleString("ja-JP")} 件</span> : null}
          {c.skipped ? <span className="ml-3 text-muted-foreground">送信しなかった方 {c.skipped.toLocaleString("ja-JP")} 件</span> : null}
          {live && c.pending + c.sending + c.committing ? (
            <span className="ml-3 text-muted-foreground">残り {(c.pending + c.sending + c.committing).toLocaleString("ja-JP")} 件</span>
          ) : null}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs text-muted-foreground sm:grid-cols-4">
        {p.started_at ? (
          <>
            <dt>開始</dt>
            <dd>{fmt.format(new Date(p.started_at))}</dd>
          </>
        ) : null}
        {p.finished_at ? (
          <>
            <dt>終了</dt>
            <dd>{fmt.format(new Date(p.finished_at))}</dd>
          </>
        ) : null}
      </dl>
      {cancel.error ? <p className="text-sm text-error">{cancel.error.message}</p> : null}
      {problems.data?.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-bold">確認が必要な配信（{problems.data.length}件）</summary>
          <ul className="mt-2 grid gap-1">
            {problems.data.map((d) => (
              <li key={d.id} className="break-all">
                {d.email} — {d.status === "failed" ? "失敗" : "送信確認不能（送信済みとして扱いました）"}：{d.error}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
