"use client";

import { useRouter } from "next/navigation";
import type * as React from "react";
import { Button } from "@/components/ui/button";

/** A destructive button: asks `confirm`, runs `remove`, then goes to `then` with fresh server data. */
export function AdminDeleteButton({
  confirm,
  remove,
  then,
  disabled,
  children,
}: {
  confirm: string;
  remove: () => Promise<unknown>;
  then: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const router = useRouter();
  return (
    <Button
      variant="destructive"
      size="sm"
      disabled={disabled}
      onClick={async () => {
        if (!window.confirm(confirm)) return;
        await remove();
        router.push(then);
        router.refresh();
      }}
    >
      {children}
    </Button>
  );
}
