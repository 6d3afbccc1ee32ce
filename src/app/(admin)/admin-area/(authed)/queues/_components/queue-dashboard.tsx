"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";

const QUEUE_NAMES: Record<string, string> = {
  matching: "マッチング",
  mail: "メール送信",
  newsletter: "メール配信",
  maintenance: "定期処理",
  hazard: "ハザード確認",
};
const COUNT_NAMES: [string, string][] = [
  ["waiting", "待機"],
  ["active", "実行中"],
  ["delayed", "遅延・予約"],
  ["failed", "失敗"],
  ["completed", "完了（保持中）"],
];
const fmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "medium", timeZone: "Asia/Tokyo" });

function schedule(s: { pattern: string | null; every: number | null; tz: string | null }): string {
  if (s.pattern) return `${s.pattern}${s.tz ? `（${s.tz}）` : ""}`;
  if (s.every) return s.every >= 60_000 ? `${Math.round(s.every / 60_000)}分ごと` : `${Math.round(s.every / 1000)}秒ごと`;
  return "—";
}

type QueueName = "matching" | "mail" | "newsletter" | "maintenance" | "hazard";

function FailedJobs({ queue }: { queue: QueueName }) {
  const utils = api.useUtils();
  const failed = api.admin.queues.failed.useQuery({ queue, page: 1 }, { refetchInterval: 5000 });
  const refresh = () => Promise.all([utils.admin.queues.failed.invalidate({ queue }), utils.admin.queues.overview.invalidate()]);
  const retry = api.admin.queues.retry.useMutation({ onSuccess: refresh });
  const retryAll = api.admin.queues.retryAll.useMutation({ onSuccess: refresh });
  const remove = api.admin.queues.remove.useMutation({ onSuccess: refresh });
  if (!failed.data) return <p className="text-sm text-muted-foreground">{failed.error ? failed.error.message : "読み込み中…"}</p>;
  if (failed.data.total === 0) return <p className="text-sm text-muted-foreground">失敗したジョブはありません。</p>;
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between">
        <p className="text-sm">
          失敗 {failed.data.total} 件{failed.data.total > failed.data.jobs.length ? `（新しい ${failed.data.jobs.length} 件を表示）` : ""}
        </p>
        <Button type="button" size="sm" variant="outline" disabled={retryAll.isPending} onClick={() => retryAll.mutate({ queue })}>
          すべて再実行
        </Button>
      </div>
      <ul className="grid gap-2">
        {failed.data.jobs.map((j) => (
          <li key={j.id} className="rounded-md border border-border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>
                <strong>{j.name}</strong> <span className="text-xs text-muted-foreground">#{j.id}</span>
              </p>
              <div className="flex gap-2">
                <Button type="button" size="sm" disabled={retry.isPending} onClick={() => retry.mutate({ queue, jobId: j.id })}>
                  再実行
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm("このジョブを削除します。よろしいですか？")) remove.mutate({ queue, jobId: j.id });
                  }}
                >
                  削除
                </Button>
              </div>
            </div>
            <p className="mt-1 text-error">{j.error || "（エラー内容なし）"}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              試行 {j.attemptsMade}/{j.attempts} 回・{j.failedAt ? `失敗 ${fmt.format(new Date(j.failedAt))}` : ""}・登録 {fmt.format(new Date(j.createdAt))}
            </p>
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer">詳細</summary>
              <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all">{j.data}</pre>
              {j.stack ? <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all text-muted-foreground">{j.stack}</pre> : null}
            </details>
          </li>
        ))}
      </ul>
      {retry.error || remove.error ? <p className="text-sm text-error">{(retry.error ?? remove.error)?.message}</p> : null}
    </div>
  );
}

export function QueueDashboard() {
  const overview = api.admin.queues.overview.useQuery(undefined, { refetchInterval: 5000 });
  const [open, setOpen] = useState<QueueName | null>(null);
  if (overview.error) {
    return (
      <p role="alert" className="rounded-md bg-error/10 p-4 text-sm text-error">
        {overview.error.message}
      </p>
    );
  }
  if (!overview.data) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  return (
    <div className="grid gap-4">
      {overview.data.map((q) => (
        <section key={q.name} className="grid gap-3 rounded-lg bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="font-bold">
              {QUEUE_NAMES[q.name] ?? q.name} <span className="text-xs font-normal text-muted-foreground">({q.name})</span>
            </h2>
            <Button type="button" size="sm" variant={q.counts.failed ? "default" : "outline"} onClick={() => setOpen(open === q.name ? null : q.name)}>
              {open === q.name ? "閉じる" : `失敗したジョブ（${q.counts.failed}）`}
            </Button>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            {COUNT_NAMES.map(([key, label]) => (
              <div key={key} className="rounded bg-primary-50 p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className={`tabular text-lg font-bold ${key === "failed" && q.counts.failed ? "text-error" : ""}`}>
                  {(q.counts[key as keyof typeof q.counts] ?? 0).toLocaleString("ja-JP")}
                </dd>
              </div>
            ))}
          </dl>
          {q.schedulers.length ? (
            <table className="w-full text-xs">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1">定期実行</th>
                  <th className="py-1">ジョブ</th>
                  <th className="py-1">間隔</th>
                  <th className="py-1">次回</th>
                </tr>
              </thead>
              <tbody>
                {q.schedulers.map((s) => (
                  <tr key={s.id} className="border-t border-border">
                    <td className="py-1">{s.id}</td>
                    <td className="py-1">{s.job}</td>
                    <td className="py-1">{schedule(s)}</td>
                    <td className="py-1">{s.next ? fmt.format(new Date(s.next)) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {open === q.name ? <FailedJobs queue={q.name as QueueName} /> : null}
        </section>
      ))}
    </div>
  );
}
