import type { Metadata } from "next";
import { AdminPageShell } from "@/components/admin/page-header";
import { adminPage } from "../_lib/page-guard";
import { QueueDashboard } from "./_components/queue-dashboard";

export const metadata: Metadata = { title: "ジョブキュー" };

/** Staff queue dashboard (bull-board equivalent on the BullMQ Queue API): counts, schedules, failed jobs, retry. */
export default async function QueuesPage() {
  await adminPage();
  return (
    <AdminPageShell title="ジョブキュー">
      <p className="text-sm text-muted-foreground">
        マッチング・メール送信・メール配信・定期処理の状況です。失敗したジョブは原因を確認し、必要なら「再実行」してください。5秒ごとに更新します。
      </p>
      <QueueDashboard />
    </AdminPageShell>
  );
}
