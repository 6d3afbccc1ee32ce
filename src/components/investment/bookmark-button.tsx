"use client";

import { Heart } from "@/components/icons";
import Link from "next/link";
import { useState } from "react";
import { listingIntentHref } from "@/lib/intent";
import { buttonVariants } from "@/components/ui/button-variants";
import { PlainButton } from "@/components/ui/plain-button";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation, ProcedureError } from "@/trpc/fetch-query";

export type BookmarkMode =
  /** A member: the button adds and removes. */
  | "member"
  /** A visitor: the button leads to the login and back. */
  | "guest";

/**
 * お気に入り (favourite) toggle on the detail page. Members add and remove
 * through member.bookmarks.add / remove; visitors are sent to the login and
 * come back here afterwards with the listing bookmarked (lib/intent.ts). No radix Slot and no tailwind-merge in this island
 * (issue 21): the look is conflict-free (ui/button-variants.ts) and `className`
 * is appended as it is, so pass only classes the look does not set.
 */
export function BookmarkButton({ investmentId, initial, mode, className }: { investmentId: number; initial: boolean; mode: BookmarkMode; className?: string }) {
  const [saved, setSaved] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Plain fetch, no React Query: the detail page ships no tRPC client (issue 21).
  async function toggle() {
    setError(null);
    setPending(true);
    const next = !saved;
    try {
      await fetchMutation(next ? "member.bookmarks.add" : "member.bookmarks.remove", { investmentId });
      setSaved(next);
      invalidateCached("member.bookmarks");
    } catch (e) {
      const fields = e instanceof ProcedureError ? e.data?.fieldErrors : undefined;
      const field = fields ? Object.values(fields).flat()[0] : undefined;
      setError(field ?? "お気に入りを更新できませんでした。時間をおいてお試しください。");
    } finally {
      setPending(false);
    }
  }

  if (mode === "guest") {
    return (
      <Link
        href={listingIntentHref(investmentId, "bookmark")}
        data-slot="button"
        className={`${buttonVariants({ variant: "outline", size: "lg" })} w-full${className ? ` ${className}` : ""}`}
      >
        <Heart aria-hidden="true" />
        お気に入りに追加
      </Link>
    );
  }

  return (
    <div className={className ? `grid gap-1 ${className}` : "grid gap-1"}>
      <PlainButton
        variant={saved ? "outline-gold" : "outline"}
        size="lg"
        className="w-full"
        onClick={() => void toggle()}
        disabled={pending}
        aria-pressed={saved}
        data-slot="bookmark-button"
      >
        <Heart aria-hidden="true" className={saved ? "fill-current" : undefined} />
        {saved ? "お気に入り登録済み" : "お気に入りに追加"}
      </PlainButton>
      {error && (
        <p role="alert" className="text-center text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}
