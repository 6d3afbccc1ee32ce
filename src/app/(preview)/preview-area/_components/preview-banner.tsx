import { Eye } from "@/components/icons";

/**
 * The fixed banner over every preview page, so staff never take the preview
 * for the live page. It names the item's real state (公開中, 非公開, 下書き,
 * 公開予定…): "未公開" on a published listing sent staff looking for a
 * publish button. Rendered by each page (the layout does not know the item).
 */
export function PreviewBanner({ label, live }: { label: string; live: boolean }) {
  return (
    <div
      role="note"
      aria-label="プレビュー"
      data-slot="preview-banner"
      data-live={live ? "true" : "false"}
      className="fixed inset-x-0 top-0 z-[45] flex h-9 items-center justify-center gap-2 bg-error px-3 text-sm font-bold tracking-wider text-error-foreground shadow-md"
    >
      <Eye className="size-4 shrink-0" aria-hidden="true" />
      <span data-slot="preview-state">プレビュー（{label}）</span>
      <span className="hidden font-normal sm:inline">
        ― 管理者だけに表示しています。{live ? "公開中のページとは別の確認用ページです。" : "公開ページではありません。"}
      </span>
    </div>
  );
}
