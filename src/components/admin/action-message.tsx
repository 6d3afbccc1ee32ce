"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { cn } from "@/lib/cn";

interface ActionMessage {
  text: string;
  ok: boolean;
}

/**
 * One staff action at a time on a server-rendered admin page: run the
 * mutation, say what happened (the server's Japanese message on failure) and
 * re-render the page's server data.
 */
export function useAdminAction() {
  const router = useRouter();
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const run = async (fn: () => Promise<unknown>, ok: string) => {
    setMessage(null);
    try {
      await fn();
      setMessage({ text: ok, ok: true });
      router.refresh();
    } catch (e) {
      setMessage({ text: e instanceof Error ? e.message : "操作に失敗しました", ok: false });
    }
  };
  return { message, run };
}

/** The outcome line of useAdminAction: a status when it worked, an alert when it did not. */
export function AdminActionMessage({ message, className }: { message: ActionMessage | null; className?: string }) {
  if (!message) return null;
  return (
    <p role={message.ok ? "status" : "alert"} className={cn(message.ok ? "text-gold-700" : "text-error", className)}>
      {message.text}
    </p>
  );
}
