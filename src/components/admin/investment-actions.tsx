"use client";

import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { api } from "@/trpc/react";
import { AdminDeleteButton } from "./delete-button";

/**
 * Header actions of the listing editor: public page, preview (the public page
 * as it will look, in the preview area under `previewBase`, in a new tab),
 * duplicate, delete.
 */
export function InvestmentActions({ base, previewBase, id, isPublic }: { base: string; previewBase: string; id: number; isPublic: boolean }) {
  const router = useRouter();
  const duplicate = api.admin.investments.duplicate.useMutation();
  const remove = api.admin.investments.remove.useMutation();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {isPublic ? (
        <a href={`/investments/${id}`} target="_blank" rel="noreferrer" className="underline">
          公開ページ
        </a>
      ) : null}
      <a href={`${previewBase}/investments/${id}`} target="_blank" rel="noreferrer" className="underline">
        プレビュー
      </a>
      <Button
        size="sm"
        variant="outline"
        disabled={duplicate.isPending}
        onClick={async () => {
          const r = await duplicate.mutateAsync({ id });
          router.push(`${base}/investments/${r.id}`);
        }}
      >
        複製
      </Button>
      <AdminDeleteButton
        confirm="この物件を削除します。元に戻せません。よろしいですか？"
        remove={() => remove.mutateAsync({ id })}
        then={`${base}/investments`}
        disabled={remove.isPending}
      >
        削除
      </AdminDeleteButton>
    </div>
  );
}
