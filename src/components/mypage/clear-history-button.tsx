"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { fetchMutation } from "@/trpc/fetch-query";
import { ConfirmDeleteButton } from "./confirm-delete-button";

/** 閲覧履歴を消去: asks first, clears on the server (member.views.clear), then shows the page again. */
export function ClearHistoryButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <span className="inline-flex items-center gap-2" data-slot="clear-history">
      <ConfirmDeleteButton
        question="閲覧履歴をすべて消去しますか？"
        pending={pending}
        onDelete={() => {
          setPending(true);
          setError(null);
          fetchMutation("member.views.clear").then(
            () => {
              setPending(false);
              router.refresh();
            },
            () => {
              setPending(false);
              setError("消去できませんでした。時間をおいてお試しください。");
            },
          );
        }}
      >
        閲覧履歴を消去
      </ConfirmDeleteButton>
      {error && (
        <span role="alert" className="text-xs text-error">
          {error}
        </span>
      )}
    </span>
  );
}
