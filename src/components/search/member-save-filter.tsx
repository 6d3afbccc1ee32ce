"use client";

import { BookmarkPlus } from "@/components/icons";
import Link from "next/link";
import { useState } from "react";
import { filterNameProblem, FILTER_NAME_TAKEN_TEXT, useFilterNameCheck } from "@/components/mypage/use-filter-name-check";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { describeQuery, type SearchQuery } from "@/schemas/search";
import { api } from "@/trpc/react";

type ErrorLike = { message: string; data?: { fieldErrors?: Record<string, string[]> | null } | null };
const firstError = (e: ErrorLike) => (e.data?.fieldErrors ? Object.values(e.data.fieldErrors).flat()[0] : undefined) ?? e.message;

/** The saved query: the list's conditions and sort, never the page. */
function savedQuery(query: SearchQuery): SearchQuery {
  const q = { ...query } as Record<string, unknown>;
  delete q.page;
  return q as SearchQuery;
}

/**
 * The members' half of SaveFilterButton, a chunk of its own (save-filter-button.tsx loads it only
 * for members): the naming dialog, its live duplicate check and the search schemas it describes
 * the conditions with stay out of visitors' pages.
 */
export function MemberSaveFilter({ query: listQuery, overwriteId, className }: { query: SearchQuery; overwriteId: number; className?: string }) {
  const query = savedQuery(listQuery);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const utils = api.useUtils();
  const filters = api.member.filters.list.useQuery(undefined, { enabled: overwriteId > 0, retry: false });
  const target = overwriteId ? filters.data?.find((f) => f._id === overwriteId) : undefined;
  const { taken, checking } = useFilterNameCheck(name, 0, open);
  const done = (label: string) => {
    setSaved(label);
    setOpen(false);
    setName("");
    setError(null);
    void utils.member.filters.invalidate();
  };
  const create = api.member.filters.create.useMutation({ onSuccess: (_r, v) => done(`「${v.name}」を保存しました`), onError: (e) => setError(firstError(e)) });
  const update = api.member.filters.update.useMutation({
    onSuccess: () => done(`「${target?.name ?? ""}」を上書き保存しました`),
    onError: (e) => setError(firstError(e)),
  });
  const problem = name ? (filterNameProblem(name) ?? (taken ? FILTER_NAME_TAKEN_TEXT : null)) : null;
  const conditions = describeQuery(query);

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)} data-slot="save-filter">
      {target && (
        <Button size="sm" variant="gold" disabled={update.isPending} onClick={() => update.mutate({ id: target._id, query })} data-slot="save-filter-overwrite">
          「{target.name}」に上書き保存
        </Button>
      )}
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) setSaved(null);
          setError(null);
        }}
      >
        <DialogTrigger asChild>
          <Button size="sm" variant="outline" data-slot="save-filter-button">
            <BookmarkPlus aria-hidden="true" />
            {target ? "新しい条件として保存" : "この条件を保存"}
          </Button>
        </DialogTrigger>
        <DialogContent data-slot="save-filter-dialog">
          <DialogHeader>
            <DialogTitle>この検索条件を保存</DialogTitle>
            <DialogDescription>{conditions.length ? conditions.join(" / ") : "条件指定なし（すべての物件）"}</DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              const p = filterNameProblem(name);
              if (p) return setError(p);
              if (taken || checking) return;
              create.mutate({ name: name.trim(), query });
            }}
          >
            <label htmlFor="save-filter-name" className="text-sm font-bold">
              検索条件名<span className="ml-1 text-xs text-error">必須</span>
            </label>
            <Input
              id="save-filter-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              placeholder="例：大阪市 一棟マンション 利回り7%以上"
              aria-invalid={Boolean(problem || error) || undefined}
              aria-describedby="save-filter-name-error"
              maxLength={60}
              autoFocus
            />
            <p id="save-filter-name-error" role="alert" className="min-h-4 text-xs text-error">
              {error ?? problem ?? ""}
            </p>
            <p className="text-xs text-muted-foreground">条件に合う新着・値下げ物件をマイページとメールでお知らせします（20件まで保存できます）。</p>
            <DialogFooter>
              <Button type="submit" disabled={create.isPending || Boolean(problem) || checking}>
                保存する
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {saved && (
        <p role="status" className="text-xs text-gold-700" data-slot="save-filter-status">
          {saved}
          <Link href="/mypage/filter" className="ml-2 underline underline-offset-4">
            保存した検索条件を見る
          </Link>
        </p>
      )}
    </div>
  );
}
