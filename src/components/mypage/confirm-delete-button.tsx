"use client";

import type * as React from "react";
import { Button } from "@/components/ui/button";

/** The members' area's quiet delete button: asks `question` first, then runs `onDelete` (disabled while `pending`). */
export function ConfirmDeleteButton({
  question,
  pending,
  onDelete,
  children = "削除",
}: {
  question: string;
  pending: boolean;
  onDelete: () => void;
  children?: React.ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={pending}
      onClick={() => {
        if (window.confirm(question)) onDelete();
      }}
    >
      {children}
    </Button>
  );
}
