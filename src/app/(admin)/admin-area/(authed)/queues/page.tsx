import type { Metadata } from "next";
import { requireAdmin } from "@/server/auth/page-guards";
import { QueueDashboard } from "./_components/queue-dashboard";

export const metadata: Metadata = { title: "ジョブキュー" };

/** Staff queue dashboard (bull-board equivalent on the BullMQ Queue API): counts, schedules, failed jobs, retry. */
export default async function QueuesPage() {
  await requireAdmin();
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold">ジョブキュー</h1>
      <p className="text-sm text-muted-foreground">
        マッチング・メール送信・メール配信・定期処理の状況です。失敗したジョブは原因を確認し、必要なら「再実行」してください。5秒ごとに更新します。
      </p>
      <QueueDashboard />
    </div>
  );
}
