"use client";

import { Heart } from "@/components/icons";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { api } from "@/trpc/react";

export type BookmarkMode =
  /** A member: the button adds and removes. */
  | "member"
  /** A visitor: the button leads to the login and back. */
  | "guest";

/**
 * お気に入り (favourite) toggle on the detail page. Members add and remove
 * through member.bookmarks.add / remove; visitors are sent to the login and
 * come back here afterwards.
 */
export function BookmarkButton({
  investmentId,
  initial,
  mode,
  className,
}: {
  investmentId: number;
  initial: boolean;
  mode: BookmarkMode;
  className?: string;
}) {
  const [saved, setSaved] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const utils = api.useUtils();
  const onError = (e: { message: string; data?: { fieldErrors?: Record<string, string[]> | null } | null }) => {
    const field = e.data?.fieldErrors ? Object.values(e.data.fieldErrors).flat()[0] : undefined;
    setError(field ?? "お気に入りを更新できませんでした。時間をおいてお試しください。");
  };
  const onSuccess = (next: boolean) => () => {
    setSaved(next);
    void utils.member.bookmarks.invalidate();
  };
  const add = api.member.bookmarks.add.useMutation({ onSuccess: onSuccess(true), onError });
  const remove = api.member.bookmarks.remove.useMutation({ onSuccess: onSuccess(false), onError });
  const pending = add.isPending || remove.isPending;

  if (mode === "guest") {
    return (
      <Button asChild variant="outline" size="lg" className={cn("w-full", className)}>
        <Link href={`/login?next=${encodeURIComponent(`/investments/${investmentId}`)}`}>
          <Heart aria-hidden="true" />
          お気に入りに追加
        </Link>
      </Button>
    );
  }

  return (
    <div className={cn("grid gap-1", className)}>
      <Button
        variant={saved ? "outline-gold" : "outline"}
        size="lg"
        className="w-full"
        onClick={() => {
          setError(null);
          (saved ? remove : add).mutate({ investmentId });
        }}
        disabled={pending}
        aria-pressed={saved}
        data-slot="bookmark-button"
      >
        <Heart aria-hidden="true" className={cn(saved && "fill-current")} />
        {saved ? "お気に入り登録済み" : "お気に入りに追加"}
      </Button>
      {error && (
        <p role="alert" className="text-center text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}
