"use client";

import { Button } from "@/components/ui/button";

/** Offers the draft autosaved by an earlier visit: restore it into the form or throw it away. */
export function DraftBanner({ onRestore, onDiscard }: { onRestore: () => void; onDiscard: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-gold-300 bg-gold-50 px-4 py-3 text-sm">
      自動保存された編集内容があります。
      <Button size="sm" variant="outline" onClick={onRestore}>
        復元する
      </Button>
      <Button size="sm" variant="ghost" onClick={onDiscard}>
        破棄する
      </Button>
    </div>
  );
}
