"use client";

import { Bookmark, ChevronRight, LogIn, MapPin, MapPinned, Search, SlidersHorizontal, TrainFront, UserPlus } from "@/components/icons";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ChipLink } from "@/components/ui/chip-link";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { KEYWORD_INPUT, KEYWORD_PLACEHOLDER, keywordSearchHref } from "@/components/site-chrome/links";
import type { LoginStateData, SiteCountsData } from "@/components/site-chrome/types";
import { useSiteCounts, useVisitor } from "@/components/site-chrome/use-visitor";
import { cn } from "@/lib/cn";
import { cityLabel, DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { AREAS } from "@/lib/constants/investment";
import { withCommas } from "@/lib/price";
import { api } from "@/trpc/react";
import { savedQueryParams, useSavedFilters } from "./saved-filters";
import { GOLD_TEXT } from "@/components/investment/gold";
import type { SearchDialogProps } from "./search-dialog";
import { conditionsOf, entryPageHref, isListPath } from "./entry-href";
import { entryHref, resultsHref, type SearchResultsTarget } from "./results-href";
import { CarriedConditions } from "./carried-conditions";
import { MetricFields } from "./metric-fields";
import { METRIC_KEYS } from "./metric-options";
import { useSearchCount } from "./use-search-count";

const ENTRIES = [
  { name: "エリアから探す", sub: "市区町村を選んで", path: "/investments/search/area", icon: MapPinned },
  { name: "路線・駅から探す", sub: "複数の駅をまとめて", path: "/investments/search/train", icon: TrainFront },
  { name: "こだわり条件から探す", sub: "種別・価格・利回りなど", path: "/investments/search/feature", icon: SlidersHorizontal },
  { name: "地図で探す", sub: "地図を動かして", path: "/investments/map", icon: MapPin },
] as const;

const fmt = (n: number | undefined) => (n === undefined ? "—" : withCommas(String(n)));

/**
 * The property search dialog's content (spec §2), loaded when the dialog is first opened
 * (search-dialog.tsx renders the trigger): the number of listings (members-only
 * + public), for visitors the public number and a free-registration prompt,
 * for members their saved conditions and links to them and to favourites,
 * the search entries, the 投資指標 (with a live count), a keyword box (with a live count) and a link to
 * every listing.
 */
export function SearchDialogPanel({
  session,
  counts,
  results,
  open,
  onOpenChange,
  returnFocus,
}: Pick<SearchDialogProps, "session" | "counts" | "results"> & { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: (e: Event) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl gap-0 p-0" data-slot="search-dialog" onCloseAutoFocus={returnFocus}>
        {open && <SearchDialogBody session={session} counts={counts} results={results} onNavigate={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SearchDialogBody({
  session,
  counts: initialCounts,
  results,
  onNavigate,
}: {
  session?: LoginStateData;
  counts?: SiteCountsData;
  results?: SearchResultsTarget;
  onNavigate: () => void;
}) {
  const router = useRouter();
  const { state } = useVisitor(session);
  const counts = useSiteCounts(initialCounts);
  const total = counts ? counts.investment.members + counts.investment.public : undefined;
  // Opened on a list: the search pages (and the map) start from its conditions (issue 30). The body
  // renders only in the browser, after a click, so the location is there to read.
  const listConditions =
    isListPath(window.location.pathname) || results?.path ? conditionsOf(new URLSearchParams(window.location.search)) : new URLSearchParams();
  const fromList = (path: string) => entryPageHref(path, listConditions);

  return (
    <>
      <DialogHeader className="border-b border-border bg-primary px-5 py-4 text-white sm:px-6">
        <DialogTitle className="flex items-center gap-2 text-white">
          <Search className="size-5 text-gold-300" aria-hidden="true" />
          物件を探す
        </DialogTitle>
        <DialogDescription className="text-primary-200">
          掲載物件数
          <strong className="tabular mx-1 text-lg text-gold-300" data-total="all">
            {fmt(total)}
          </strong>
          件（会員限定 {fmt(counts?.investment.members)}件・公開 {fmt(counts?.investment.public)}件）
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-5 px-5 py-5 sm:px-6">
        {state === "guest" && <VisitorPrompt counts={counts} onNavigate={onNavigate} />}
        {state === "member" && <MemberTools results={results} onNavigate={onNavigate} />}

        <section aria-labelledby="search-dialog-entries">
          <h3 id="search-dialog-entries" className="mb-2 border-l-4 border-gold pl-2 text-sm font-bold">
            条件から探す
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2">
            {ENTRIES.map((e) => (
              <li key={e.path}>
                <ChipLink
                  variant="dialog-entry"
                  href={results?.via ? `${e.path}?to=${results.via}` : fromList(e.path)}
                  onClick={(ev) => {
                    onNavigate();
                    if (!results?.via) return;
                    // the search page comes back here: the current conditions and view go along
                    ev.preventDefault();
                    router.push(entryHref(e.path, results));
                  }}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-gold-300 group-hover:bg-gold group-hover:text-white">
                    <e.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="flex flex-col">
                    <span className="text-sm font-bold">{e.name}</span>
                    <span className="text-xs text-primary-500">{e.sub}</span>
                  </span>
                </ChipLink>
              </li>
            ))}
          </ul>
        </section>

        <MetricBox conditions={listConditions} results={results} onNavigate={onNavigate} />

        <section aria-labelledby="search-dialog-places" data-slot="search-dialog-places">
          <h3 id="search-dialog-places" className="mb-2 border-l-4 border-gold pl-2 text-sm font-bold">
            エリア・市で探す
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {[
              ...AREAS.map((a) => ({ key: `re-${a.id}`, name: a.name, param: ["re", String(a.id)] as const })),
              ...DESIGNATED_CITIES.map((c) => ({ key: `ct-${c.code}`, name: cityLabel(c), param: ["ct", c.code] as const })),
            ].map((p) => {
              // the place replaces the list's place (re and ct are ANDed), its other conditions stay
              const qs = new URLSearchParams([...listConditions].filter(([k]) => k !== "re" && k !== "ct"));
              qs.set(p.param[0], p.param[1]);
              return (
                <li key={p.key}>
                  <Link
                    href={resultsHref(results?.path ? { path: results.path } : undefined, qs)}
                    onClick={(ev) => {
                      onNavigate();
                      if (!results?.path) return;
                      ev.preventDefault();
                      router.push(resultsHref(results, qs));
                    }}
                    className="inline-flex min-h-9 items-center rounded-full border border-primary-200 bg-white px-3 text-sm hover:border-gold-500 hover:text-gold-700 focus-visible:outline-2 focus-visible:outline-gold-500"
                  >
                    {p.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>

        <KeywordBox results={results} onNavigate={onNavigate} />

        <Link
          href={results?.path ?? "/investments"}
          onClick={(e) => {
            onNavigate();
            if (!results?.path) return;
            // the results page with no conditions, its kept parameters (the map's view) read now
            e.preventDefault();
            router.push(resultsHref(results, ""));
          }}
          data-slot="search-dialog-all"
          className="flex items-center justify-center gap-1 rounded-md bg-muted py-3 text-sm font-bold text-primary-700 hover:text-gold-700 focus-visible:outline-2 focus-visible:outline-gold-500"
        >
          すべての物件を見る
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </>
  );
}

function VisitorPrompt({ counts, onNavigate }: { counts?: SiteCountsData; onNavigate: () => void }) {
  return (
    <div className="rounded-lg border border-gold-300 bg-gold-50 p-4" data-slot="visitor-prompt">
      <p className="text-sm leading-relaxed">
        現在ご覧いただける公開物件は
        <strong className="tabular mx-0.5 text-base" data-total="public">
          {fmt(counts?.investment.public)}
        </strong>
        件です。無料会員登録で、会員限定物件
        <strong className="tabular mx-0.5">{fmt(counts?.investment.members)}</strong>
        件を含むすべての物件をご覧いただけます。
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Button asChild variant="gold" size="lg" className={GOLD_TEXT}>
          <Link href="/signup" onClick={onNavigate}>
            <UserPlus aria-hidden="true" />
            無料会員登録
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href="/login" onClick={onNavigate}>
            <LogIn aria-hidden="true" />
            ログイン
          </Link>
        </Button>
      </div>
    </div>
  );
}

function MemberTools({ results, onNavigate }: { results?: SearchResultsTarget; onNavigate: () => void }) {
  const router = useRouter();
  const selectId = useId();
  const { filters, available } = useSavedFilters(true);
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-muted p-4" data-slot="member-tools">
      {available && (
        <div className="grid gap-1.5">
          <label htmlFor={selectId} className="text-sm font-bold">
            保存した検索条件
          </label>
          <Select
            id={selectId}
            defaultValue=""
            onChange={(e) => {
              const f = filters.find((x) => x.id === e.target.value);
              if (!f) return;
              onNavigate();
              router.push(resultsHref(results, savedQueryParams(f.query)));
            }}
          >
            <option value="">{filters.length ? "検索条件を選択してください" : "保存した検索条件はありません"}</option>
            {filters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="grid grid-cols-2 gap-2 text-sm">
        <ChipLink variant="icon-tile" href="/mypage/filter" onClick={onNavigate} icon={SlidersHorizontal}>
          保存した検索条件
        </ChipLink>
        <ChipLink variant="icon-tile" href="/mypage/bookmark" onClick={onNavigate} icon={Bookmark}>
          お気に入り物件
        </ChipLink>
      </div>
    </div>
  );
}

function KeywordBox({ results, onNavigate }: { results?: SearchResultsTarget; onNavigate: () => void }) {
  const router = useRouter();
  const id = useId();
  const [value, setValue] = useState("");
  // The live count follows the box 300 ms after typing stops.
  const [keyword, setKeyword] = useState("");
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(value.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [value]);
  const count = api.public.investments.count.useQuery({ fw: keyword }, { enabled: keyword.length > 0, staleTime: 30_000 });
  return (
    <form
      role="search"
      aria-label="キーワードで物件を探す"
      action={results?.path ?? "/investments/page/1/"}
      method="get"
      className="grid gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        onNavigate();
        const fw = value.trim();
        router.push(results?.path ? resultsHref(results, fw ? new URLSearchParams({ fw }) : "") : keywordSearchHref(value));
      }}
    >
      <label htmlFor={id} className="border-l-4 border-gold pl-2 text-sm font-bold">
        キーワードから探す
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          {...KEYWORD_INPUT}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={KEYWORD_PLACEHOLDER}
          className="h-11 min-w-0 flex-1 rounded-md border border-primary-200 bg-white px-3 text-base outline-none focus-visible:border-gold-500 focus-visible:ring-2 focus-visible:ring-gold-300 md:text-sm"
        />
        <Button type="submit" variant="gold" className={cn("h-11 px-5", GOLD_TEXT)}>
          <Search aria-hidden="true" />
          検索
        </Button>
      </div>
      <p className={cn("min-h-5 text-xs text-primary-500", !keyword && "invisible")} aria-live="polite">
        {keyword && (count.data ? `該当物件 ${withCommas(String(count.data.total))}件` : "件数を確認しています…")}
      </p>
    </form>
  );
}

const METRIC_SET = new Set<string>(METRIC_KEYS);

/** A form's non-empty fields as the count procedure's input (several values of a key kept). */
function fieldsOf(form: HTMLFormElement | null, fallback: URLSearchParams): URLSearchParams {
  if (!form) return fallback;
  const qs = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (typeof v === "string" && v.trim() !== "") qs.append(k, v.trim());
  return qs;
}

/**
 * 投資指標 (issue 33/34): 実質利回り, 積算比, 所有権のみ, 現況満室のみ and the hazard exclusion, over the
 * list's conditions (kept as they are, these replaced), with the number of listings they find. Opened
 * on a list with these keys, they start selected.
 */
function MetricBox({ conditions, results, onNavigate }: { conditions: URLSearchParams; results?: SearchResultsTarget; onNavigate: () => void }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [kept] = useState(() => new URLSearchParams([...conditions].filter(([k]) => !METRIC_SET.has(k))));
  const [query, setQuery] = useState(() => conditions);
  // sr orders, it does not narrow: left out of the count (so one cached answer serves every order)
  const input = Object.fromEntries([...new Set(query.keys())].filter((k) => k !== "sr").map((k) => [k, query.getAll(k)]));
  const count = useSearchCount(input, true);
  const total = count.counting ? undefined : count.total;
  return (
    <form
      action={results?.path ?? "/investments/page/1/"}
      method="get"
      aria-labelledby="search-dialog-metrics"
      data-slot="search-dialog-metrics"
      className="grid gap-3"
      onChange={() => setQuery(fieldsOf(formRef.current, conditions))}
      onSubmit={(e) => {
        e.preventDefault();
        onNavigate();
        router.push(resultsHref(results, fieldsOf(formRef.current, conditions)));
      }}
      ref={formRef}
    >
      <div>
        <h3 id="search-dialog-metrics" className="border-l-4 border-gold pl-2 text-sm font-bold">
          投資指標で絞り込む
        </h3>
        {[...kept.keys()].some((k) => k !== "sr") && <p className="mt-1 text-xs text-primary-500">いまの検索条件に加えて絞り込みます。</p>}
      </div>
      <CarriedConditions carry={kept} />
      <MetricFields init={conditions} idPrefix="search-dialog-metric" />
      <Button type="submit" variant="outline" className="h-11 w-full sm:ml-auto sm:w-auto">
        <SlidersHorizontal aria-hidden="true" />
        この条件で絞り込む
        <span className="tabular rounded-sm bg-muted px-1.5 text-sm" aria-live="polite" data-slot="metric-count">
          {total === undefined ? "…" : `${withCommas(String(total))}件`}
        </span>
      </Button>
    </form>
  );
}
