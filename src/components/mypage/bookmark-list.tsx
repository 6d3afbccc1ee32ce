"use client";

import Link from "next/link";
import { useState } from "react";
import { builtText, decimal, landRightsText, percentText } from "@/components/investment/detail-format";
import { accessText, monthlyCashFlowText } from "@/components/investment/investment-card";
import { investmentHref, investmentImageSrc, listingSrcSet } from "@/components/investment/links";
import { Button } from "@/components/ui/button";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";
import { api } from "@/trpc/react";
import { savedPriceText } from "./format";

export type BookmarkSort = "added" | "price_asc" | "price_desc" | "yield_desc" | "price_change";

const SORTS: { value: BookmarkSort; label: string }[] = [
  { value: "added", label: "追加日が新しい順" },
  { value: "price_asc", label: "価格が安い順" },
  { value: "price_desc", label: "価格が高い順" },
  { value: "yield_desc", label: "利回りが高い順" },
  { value: "price_change", label: "保存時から価格が下がった順" },
];

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** お気に入り: sortable list, remove, and a comparison of 2-4 chosen listings. */
export function BookmarkList({ initialCompare = [] }: { /** chosen on the list page's cards: shown compared at once */ initialCompare?: number[] }) {
  const [sort, setSort] = useState<BookmarkSort>("added");
  const [chosen, setChosen] = useState<number[]>(initialCompare);
  const [comparing, setComparing] = useState<number[] | null>(initialCompare.length >= COMPARE_MIN ? initialCompare : null);
  const utils = api.useUtils();
  const list = api.member.bookmarks.list.useQuery({ sort });
  const remove = api.member.bookmarks.remove.useMutation({
    onSuccess: (_r, v) => {
      setChosen((c) => c.filter((id) => id !== v.investmentId));
      setComparing((c) => (c ? c.filter((id) => id !== v.investmentId) : c));
      void utils.member.bookmarks.invalidate();
      void utils.member.matchings.dashboard.invalidate();
    },
  });

  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : c.length >= COMPARE_MAX ? c : [...c, id]));

  if (list.isLoading) return <p className="text-sm text-muted-foreground">読み込み中…</p>;
  const items = list.data ?? [];
  if (items.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        お気に入りに登録した物件はありません。
        <Link href="/investments" className="underline underline-offset-4">
          物件一覧
        </Link>
        の詳細ページから「お気に入りに追加」できます。
      </p>
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          <strong className="tabular text-lg">{items.length}</strong>件
        </p>
        <label className="flex items-center gap-2 text-sm">
          並び替え
          <select
            className="h-9 rounded-md border border-primary-200 bg-white px-2 text-sm"
            value={sort}
            onChange={(e) => setSort(e.target.value as BookmarkSort)}
            data-slot="bookmark-sort"
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted p-3 text-sm" data-slot="compare-bar">
        <span>
          比較する物件を{COMPARE_MIN}〜{COMPARE_MAX}件選んでください（選択中 <strong className="tabular">{chosen.length}</strong>件）
        </span>
        <Button size="sm" variant="gold" disabled={chosen.length < COMPARE_MIN} onClick={() => setComparing(chosen)}>
          選択した物件を比較
        </Button>
        {chosen.length > 0 && (
          <Button size="sm" variant="ghost" onClick={() => setChosen([])}>
            選択を解除
          </Button>
        )}
      </div>

      {comparing && comparing.length >= COMPARE_MIN && <CompareTable ids={comparing} onClose={() => setComparing(null)} />}

      <ul className="grid gap-3" data-slot="bookmark-items">
        {items.map(({ card, price_at_bookmark, price_change }) => (
          <li
            key={card.id}
            className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center"
            data-slot="bookmark-item"
            data-id={card.id}
          >
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(card.id)}
                disabled={!chosen.includes(card.id) && chosen.length >= COMPARE_MAX}
                onChange={() => toggle(card.id)}
                aria-label={`${card.name}を比較に追加`}
              />
              <span className="sm:sr-only">比較</span>
            </label>
            {card.image ? (
              <picture className="hidden shrink-0 sm:block">
                {/* 7rem × 5rem: the 160 or 320 px file by the screen's density */}
                <source type="image/avif" srcSet={listingSrcSet(card.id, card.image, "avif", { max: 320 })} sizes="112px" />
                <source type="image/webp" srcSet={listingSrcSet(card.id, card.image, "webp", { max: 320 })} sizes="112px" />
                <img
                  src={investmentImageSrc(card.id, card.image, "thumb_jpg")}
                  alt=""
                  width={112}
                  height={80}
                  className="h-20 w-28 rounded object-cover"
                  loading="lazy"
                  decoding="async"
                />
              </picture>
            ) : (
              <span className="hidden h-20 w-28 rounded bg-muted sm:block" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <Link href={investmentHref(card.id)} className="font-bold underline-offset-4 hover:underline">
                {card.name}
              </Link>
              <p className="mt-1 text-xs text-muted-foreground">
                {[card.pref_name, card.city_name].filter(Boolean).join("")} {accessText(card)}
              </p>
              <p className="mt-1 flex flex-wrap items-baseline gap-x-3 text-sm">
                <span className="tabular font-bold">{formatPrice(card.price)}</span>
                {card.yield !== null && (
                  <span>
                    {yieldLabel("gross")} {percentText(card.yield)}
                  </span>
                )}
                {card.member_cf !== undefined && (
                  <span className={card.member_cf !== null && card.member_cf < 0 ? "font-bold text-error" : "font-bold"} data-slot="member-cf">
                    月間CF（あなたの融資条件） {monthlyCashFlowText(card.member_cf)}
                  </span>
                )}
                {price_change !== 0 && (
                  <span className="text-muted-foreground" data-slot="price-change">
                    {savedPriceText(price_at_bookmark, card.price)}
                  </span>
                )}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(`「${card.name}」をお気に入りから削除しますか？`)) remove.mutate({ investmentId: card.id });
              }}
            >
              削除
            </Button>
          </li>
        ))}
      </ul>
      <YieldFootnote vacant="list" />
    </div>
  );
}

/** 円 → "123.5万円" with a minus sign when negative; null → "—". */
const man = (yen: number | null | undefined, digits = 1) =>
  typeof yen === "number" && Number.isFinite(yen) ? `${yen < 0 ? "−" : ""}${decimal(Math.abs(yen) / 10_000, digits)}万円` : "—";
const LEVEL_CLASS = { good: "text-emerald-700", fair: "text-amber-700", poor: "text-error", unknown: "text-primary-500" } as const;
const LEVEL_TEXT = { good: "●良好", fair: "▲中位", poor: "■注意", unknown: "－判定なし" } as const;

function CompareTable({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const q = api.member.bookmarks.compare.useQuery({ ids });
  const [now] = useState(() => new Date());
  if (q.isLoading) return <p className="text-sm text-muted-foreground">比較表を読み込み中…</p>;
  const rows = q.data ?? [];
  if (rows.length < COMPARE_MIN) return null;
  const dash = (v: string | null | undefined) => v || "—";
  type Row = (typeof rows)[number];
  const years = (n: number | null) => (n === null ? "—" : `${n}年`);
  const sqm = (n: number | null) => (n === null ? "—" : `${decimal(n, 2)}㎡`);
  // Every figure from the one model (src/lib/economics.ts via the server's compare), the deal check's rows last.
  const lines: { label: string; value: (r: Row) => string; negative?: (r: Row) => boolean; level?: (r: Row) => keyof typeof LEVEL_CLASS }[] = [
    { label: "所在地", value: (r) => dash(r.address) },
    { label: "価格", value: (r) => formatPrice(r.price) },
    { label: yieldLabel("gross"), value: (r) => dash(percentText(r.figures.gross_yield)) },
    { label: yieldLabel("net"), value: (r) => dash(percentText(r.figures.net_yield)), negative: (r) => (r.figures.net_yield ?? 0) < 0 },
    { label: "満室想定年収", value: (r) => man(r.figures.full_income) },
    { label: "現況年収", value: (r) => man(r.figures.current_income) },
    { label: "運営経費（年額）", value: (r) => man(r.figures.costs_total) },
    { label: "NOI", value: (r) => man(r.figures.noi), negative: (r) => (r.figures.noi ?? 0) < 0 },
    { label: "㎡単価", value: (r) => (r.price_per_sqm !== null ? `${decimal(r.price_per_sqm, 1)}万円/㎡` : "—") },
    { label: "積算価格", value: (r) => man(r.figures.sekisan_total, 0) },
    { label: "積算比", value: (r) => dash(percentText(r.figures.sekisan_ratio)) },
    { label: "土地値割合", value: (r) => dash(percentText(r.figures.land_value_share)) },
    { label: "土地面積", value: (r) => sqm(r.land_sqm) },
    { label: "建物面積", value: (r) => sqm(r.building_size ?? r.occupied_size) },
    { label: "戸数", value: (r) => (r.total_units !== null ? `${r.total_units}戸` : "—") },
    { label: "用途地域", value: (r) => dash(r.land_use) },
    { label: "現況", value: (r) => dash(r.vacancy) },
    { label: "築年月", value: (r) => dash(builtText(r.built, now)) },
    { label: "構造", value: (r) => dash(r.structure) },
    { label: "法定耐用年数", value: (r) => years(r.figures.statutory_life) },
    { label: "残存耐用年数", value: (r) => years(r.figures.remaining_life) },
    { label: "減価償却期間（簡便法）", value: (r) => years(r.figures.simplified_life) },
    { label: "融資期間の目安", value: (r) => years(r.figures.loan_term_years) },
    { label: "駅徒歩", value: (r) => (r.station_time !== null ? `${r.station_time}分` : "—") },
    { label: "土地権利", value: (r) => dash(landRightsText(r.land_rights === null ? null : { type: r.land_rights })) },
  ];
  // the deal check (参考): one line per row any of the listings has, in the first one's order
  const dealKeys = [...new Map(rows.flatMap((r) => r.deal_check.rows.map((d) => [d.key, d.label] as const))).entries()];
  for (const [key, label] of dealKeys) {
    const of = (r: Row) => r.deal_check.rows.find((d) => d.key === key);
    lines.push({
      label: `診断：${label}`,
      value: (r) => {
        const d = of(r);
        return d ? `${LEVEL_TEXT[d.level]} ${d.figure}` : "—";
      },
      level: (r) => of(r)?.level ?? "unknown",
    });
  }
  return (
    <section className="grid gap-3 rounded-lg border border-gold-300 p-4" aria-label="物件比較" data-slot="compare-table">
      <div className="flex items-center justify-between">
        <h2 className="font-bold">物件比較</h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          閉じる
        </Button>
      </div>
      <p className="text-xs text-primary-600">値が物件ごとに異なる行は、項目名に「差」を付けて色を変えています。</p>
      <div className="overflow-x-auto" role="region" aria-label="物件比較表（横にスクロールできます）" tabIndex={0}>
        <table className="w-full min-w-[36rem] border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              {/* the labels stay in view while the columns scroll sideways on a phone (sticky, opaque) */}
              <th className="sticky left-0 z-20 w-28 border border-border bg-primary-100 p-2 text-left" scope="col">
                項目
              </th>
              {rows.map((r) => (
                <th key={r.id} scope="col" className="border border-border bg-muted p-2 text-left">
                  <Link href={investmentHref(r.id)} className="underline-offset-4 hover:underline">
                    {r.name}
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => {
              const differs = new Set(rows.map((r) => l.value(r))).size > 1;
              return (
                <tr key={l.label} data-differs={differs ? "" : undefined}>
                  <th
                    scope="row"
                    className={`sticky left-0 z-10 w-28 min-w-28 border border-border p-2 text-left text-xs font-normal sm:min-w-36 sm:text-sm ${differs ? "bg-gold-100 font-bold" : "bg-primary-50"}`}
                  >
                    {l.label}
                    {differs && <span className="ml-1 rounded bg-gold-600 px-1 text-[10px] text-white">差</span>}
                  </th>
                  {rows.map((r) => (
                    <td
                      key={r.id}
                      className={`tabular border border-border p-2 ${differs ? "bg-gold-50" : ""} ${l.level ? LEVEL_CLASS[l.level(r)] : ""} ${l.negative?.(r) ? "font-bold text-error" : ""}`}
                    >
                      {l.value(r)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
