"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { withCommas } from "@/lib/price";
import { describeQuery, type SearchQuery } from "@/schemas/search";
import { api } from "@/trpc/react";
import { ConfirmDeleteButton } from "./confirm-delete-button";
import { filterSearchHref } from "./format";
import { filterNameProblem, FILTER_NAME_TAKEN_TEXT, useFilterNameCheck } from "./use-filter-name-check";

type ErrorLike = { message: string; data?: { fieldErrors?: Record<string, string[]> | null } | null };
const firstError = (e: ErrorLike) => (e.data?.fieldErrors ? Object.values(e.data.fieldErrors).flat()[0] : undefined) ?? e.message;

/** 保存した検索条件: counts now, open as a search, rename inline, change the query, delete. */
export function FilterList() {
  const list = api.member.filters.list.useQuery({ counts: true });
  if (list.isLoading) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  const items = list.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        保存した検索条件はありません。
        <Link href="/investments" className="underline underline-offset-4">
          物件一覧
        </Link>
        で条件を指定して「この条件を保存」を押すと、ここに表示されます。
      </p>
    );
  return (
    <ul className="grid gap-3" data-slot="filter-items">
      {items.map((f) => (
        <FilterRow key={f._id} filter={f} />
      ))}
    </ul>
  );
}

function FilterRow({ filter }: { filter: { _id: number; name: string; query: SearchQuery; count?: number | undefined } }) {
  const utils = api.useUtils();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(filter.name);
  const [error, setError] = useState<string | null>(null);
  const { taken, checking } = useFilterNameCheck(name, filter._id, editing && name.trim() !== filter.name);
  const refresh = () => {
    void utils.member.filters.invalidate();
    void utils.member.matchings.invalidate();
  };
  const rename = api.member.filters.update.useMutation({
    onSuccess: () => {
      setEditing(false);
      setError(null);
      refresh();
    },
    onError: (e) => setError(firstError(e)),
  });
  const remove = api.member.filters.remove.useMutation({ onSuccess: refresh, onError: (e) => setError(firstError(e)) });
  const conditions = describeQuery(filter.query);
  const problem = filterNameProblem(name) ?? (taken ? FILTER_NAME_TAKEN_TEXT : null);

  return (
    <li className="rounded-lg border border-border p-4" data-slot="filter-item" data-id={filter._id}>
      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (problem || checking) return;
            rename.mutate({ id: filter._id, name: name.trim() });
          }}
        >
          <label className="text-sm font-bold" htmlFor={`filter-name-${filter._id}`}>
            検索条件名
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`filter-name-${filter._id}`}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(problem) || undefined}
              className="max-w-sm"
              autoFocus
              maxLength={60}
            />
            <Button type="submit" size="sm" className="h-10" disabled={Boolean(problem) || checking || rename.isPending}>
              保存
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="h-10"
              onClick={() => {
                setEditing(false);
                setName(filter.name);
                setError(null);
              }}
            >
              キャンセル
            </Button>
          </div>
          {(problem || error) && (
            <p role="alert" className="text-xs text-error">
              {error ?? problem}
            </p>
          )}
        </form>
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-bold">{filter.name}</h2>
          <p className="text-sm">
            該当 <strong className="tabular text-lg">{withCommas(String(filter.count ?? 0))}</strong>件
          </p>
        </div>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{conditions.length ? conditions.join(" / ") : "条件指定なし（すべての物件）"}</p>
      {!editing && error && (
        <p role="alert" className="mt-1 text-xs text-error">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="gold">
          <Link href={filterSearchHref(filter.query)}>この条件で検索</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link href={filterSearchHref(filter.query, filter._id)}>条件を変更</Link>
        </Button>
        {!editing && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            名前を変更
          </Button>
        )}
        <ConfirmDeleteButton
          question={`検索条件「${filter.name}」を削除しますか？`}
          pending={remove.isPending}
          onDelete={() => remove.mutate({ id: filter._id })}
        />
      </div>
    </li>
  );
}
