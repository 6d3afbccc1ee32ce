import { LockKeyhole, SlidersHorizontal, X } from "@/components/icons";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { MapLink } from "@/components/map/map-link";
import type { CardActionsMode } from "@/components/investment/card-actions";
import { CardActionsScript } from "@/components/investment/card-actions-script";
import { InvestmentCardGrid } from "@/components/investment/investment-card-grid";
import { YieldFootnote } from "@/components/investment/yield-footnote";
import { MemberCashFlowNote } from "@/components/investment/member-cf-note";
import { conditionCount, describeNames, parseListQuery, queryChips, queryParams } from "@/components/search/query-links";
import { entryPageHref } from "@/components/search/entry-href";
import { RefineLinks } from "@/components/search/refine-links";
import { SaveFilterButton } from "@/components/search/save-filter-button";
import { SearchDialog } from "@/components/search/search-dialog";
import { SearchSummary } from "@/components/search/search-summary";
import { SortSelect } from "@/components/search/sort-select";
import { pageMetadata } from "@/components/seo/metadata";
import { Breadcrumbs, type BreadcrumbItem } from "@/components/site-chrome/breadcrumbs";
import { PaginationBar } from "@/components/site-chrome/pagination-bar";
import { Button } from "@/components/ui/button";
import { DEFAULT_SORT } from "@/lib/constants/investment";
import { withCommas } from "@/lib/price";
import { describeQuery, type DescribeNames, type SearchQuery } from "@/schemas/search";
import { api, listings } from "@/trpc/server";
import { GOLD_TEXT } from "@/components/investment/gold";
import { listDisplay, parsePageSize } from "@/lib/list-view";
import { InvestmentTable } from "./investment-table";
import { ListViewMemory } from "./list-view-memory";
import { ListViewSwitch } from "./view-switch";
import { RangeForm } from "./range-form";

export type RawParams = Record<string, string | string[] | undefined>;

/** The refine panel (a popover on phones, the side column on wide screens). */
const REFINE_PANEL_ID = "refine-panel";

/** Largest page number accepted in the path (anything longer is not a page). */
const PAGE_PATTERN = /^[1-9]\d{0,5}$/;

/** The page number of /investments/page/{n}/, or null when it is not one. */
export function pageNumber(n: string | undefined): number | null {
  return n !== undefined && PAGE_PATTERN.test(n) ? Number(n) : null;
}

/**
 * The page's query, parsed once per request (issue 29): generateMetadata and the page share it
 * through React's request cache, keyed by value (the page number and the parameters as JSON), and
 * the searches below take it typed instead of parsing the raw record again.
 */
const listQuery = cache((page: number, rawJson: string): SearchQuery => parseListQuery(JSON.parse(rawJson) as RawParams, page));
const listQueryOf = (raw: RawParams, page: number) => listQuery(page, JSON.stringify(raw));

/** Line and station names for the chips, only when the query names some. */
async function namesFor(query: SearchQuery): Promise<DescribeNames> {
  if (!query.sl && !query.st && !query.rg) return {};
  return describeNames(await api.public.investments.railwayNames({ sl: query.sl, st: query.st, rg: query.rg }));
}

function titleOf(query: SearchQuery, names: DescribeNames = {}): { title: string; conditions: string[] } {
  const conditions = describeQuery(query, names);
  return { title: conditions.length ? `${conditions.join("・")}の物件一覧` : "物件一覧", conditions };
}

/** The canonical list URL of a query: page 1, without the sort. */
export function canonicalListPath(query: SearchQuery): string {
  const qs = queryParams(query);
  qs.delete("sr");
  const s = qs.toString();
  return s ? `/investments/page/1?${s}` : "/investments";
}

/**
 * Title "〇〇の物件一覧" (+ page), canonical to page 1 of the same conditions
 * without the sort, and noindex for deep pages, several conditions or a free word.
 */
export async function listMetadata(page: number, raw: RawParams): Promise<Metadata> {
  const query = listQueryOf(raw, page);
  const { title, conditions } = titleOf(query, await namesFor(query));
  const fullTitle = page > 1 ? `${title}（${page}ページ目）` : title;
  const noindex = page > 1 || conditionCount(query) > 1 || Boolean(raw.fw);
  return pageMetadata({
    title: fullTitle,
    description: `${conditions.length ? conditions.join("・") + "の" : ""}大阪・兵庫・京都の収益物件一覧です。価格・表面利回り・築年数・駅徒歩で比較できます。`,
    path: canonicalListPath(query),
    noindex,
  });
}

/**
 * The list (/investments and /investments/page/{n}/): breadcrumbs, title and
 * conditions, sort, result count, cards and the pagination bar. Everything
 * comes from one server round (the search, the counts and the login state).
 */
export async function InvestmentListPage({ page, raw }: { page: number; raw: RawParams }) {
  const query = listQueryOf(raw, page);
  const display = listDisplay(raw);
  const [result, session, counts, names, membersOnly] = await Promise.all([
    // pp only when the URL gives one, as the procedure does (the cached page is shared with the API's).
    listings.search(query, parsePageSize(raw.pp) ?? undefined),
    api.public.session.state(),
    api.public.options.get().catch(() => undefined),
    namesFor(query),
    // The banner's count is of this search (null with a free word); members see them all anyway.
    listings.membersOnlyCount(query).catch(() => undefined),
  ]);
  // A page past the end (or any page but the first of an empty result) does not exist.
  if (page > 1 && page > result.last) notFound();

  const { title } = titleOf(query, names);
  const chips = queryChips(query, names);
  const params = queryParams(query);
  // Pagination and sort links keep the display choice (vw, pp); chips and refine links need not (ListViewMemory restores it).
  const withDisplay = new URLSearchParams([...params, ...display.params]);
  const filtered = chips.length > 0;
  const crumbs: BreadcrumbItem[] =
    filtered || page > 1 ? [{ name: "物件一覧", path: "/investments" }, { name: page > 1 ? `${title}（${page}ページ目）` : title }] : [{ name: "物件一覧" }];
  const from = result.total === 0 ? 0 : (result.page - 1) * result.pageSize + 1;
  const to = Math.min(result.total, result.page * result.pageSize);
  // Past the count's bound (issue 31) the figure is a lower bound: 「1,000件以上」.
  const countUnit = result.totalBounded ? "件以上" : "件";
  const sr = params.get("sr") ?? DEFAULT_SORT;
  const isGuest = !session.isLogin;
  // The heart and compare tick: a member's act in place (one island, loaded only for members, so a
  // visitor's first visit ships no more script); a visitor's lead to the login with the intent.
  const actions: CardActionsMode | undefined = session.isUserLogin
    ? { kind: "member", bookmarked: new Set((await api.member.bookmarks.list({ sort: "added" })).map((b) => b.card.id)) }
    : session.isLogin
      ? undefined
      : { kind: "guest" };

  return (
    <div data-slot="investment-list">
      <div className="border-b border-border bg-muted/70">
        <div className="mx-auto max-w-7xl px-4 pt-3 sm:px-5">
          <Breadcrumbs items={crumbs} />
        </div>
        <header className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pb-5 pt-4 sm:px-5 md:flex-row md:items-end md:justify-between md:pb-6">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-[0.3em] text-gold-700" aria-hidden="true">
              PROPERTIES
            </p>
            <h1 className="mt-1 text-xl font-bold leading-snug tracking-wider md:text-2xl">{title}</h1>
          </div>
          {/* shrink-0: a long heading takes the room left, never the links' (「地図で見る」 was squeezed to one character a line) */}
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row sm:items-center">
            <MapLink conditions={params.toString()} className="shrink-0 whitespace-nowrap" />
            <SearchDialog session={session} counts={counts} label="条件を変更・物件を探す" triggerClassName="w-full whitespace-nowrap md:w-auto" />
          </div>
        </header>
      </div>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-5 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-8">
        {/*
          One copy, server-rendered (issue 30/31): beside the results on wide screens; on phones an HTML
          popover (a full-screen sheet, no script) opened from the sticky bar above the results. Closed, a
          popover takes no room, so nothing below the first cards moves when it loads (the old copy sat
          after 20 cards, order-last, and shifted the layout).
        */}
        <aside
          id={REFINE_PANEL_ID}
          popover="auto"
          aria-label="絞り込み"
          data-slot="refine-panel"
          className="fixed inset-0 m-0 hidden h-dvh max-h-none w-full max-w-none content-start gap-4 overflow-y-auto border-0 bg-muted p-4 pt-0 text-primary backdrop:bg-primary-950/60 open:grid lg:static lg:grid lg:h-auto lg:overflow-visible lg:bg-transparent lg:p-0"
        >
          <div className="sticky top-0 z-10 -mx-4 flex items-center justify-between gap-3 border-b border-border bg-primary px-4 py-3 text-white lg:hidden">
            <h2 className="text-base font-bold">
              絞り込み
              <span className="ml-2 text-sm font-normal text-primary-200">
                該当<span className="tabular mx-0.5 font-bold text-gold-300">{withCommas(String(result.total))}</span>
                {countUnit}
              </span>
            </h2>
            <button
              type="button"
              popoverTarget={REFINE_PANEL_ID}
              popoverTargetAction="hide"
              aria-label="閉じる"
              className="inline-flex size-10 items-center justify-center rounded-md text-primary-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-gold-500"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <RangeForm query={query} display={display.params} />
          <RefineLinks query={query} />
        </aside>

        <div className="flex min-w-0 flex-col gap-4">
          {/* phones: refining at the top, with the count; its height is in the first HTML, so nothing shifts */}
          <div
            className="sticky top-0 z-30 -mx-4 -mt-6 flex items-center justify-between gap-3 border-b border-border bg-white/95 px-4 py-2 shadow-sm backdrop-blur sm:-mx-5 sm:px-5 lg:hidden"
            data-slot="refine-bar"
          >
            <p className="text-sm text-primary-600">
              該当<strong className="tabular mx-1 text-lg text-primary">{withCommas(String(result.total))}</strong>
              {countUnit}
            </p>
            <button
              type="button"
              popoverTarget={REFINE_PANEL_ID}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md border border-primary-300 bg-white px-3 text-sm font-bold text-primary-800 hover:border-gold-500 focus-visible:outline-2 focus-visible:outline-gold-500"
              data-slot="refine-open"
            >
              <SlidersHorizontal className="size-4" aria-hidden="true" />
              絞り込み
              {chips.length > 0 && <span className="tabular rounded-full bg-gold-100 px-1.5 text-xs">{chips.length}</span>}
            </button>
          </div>
          <SearchSummary chips={chips} />
          {filtered && <SaveFilterButton isLogin={!isGuest} query={query} filterParam={raw.filter} className="justify-end" />}

          {/* the cards' h3 need an h2 above them: on a phone the refine panel's are in a closed popover (heading order, a11y) */}
          <h2 className="sr-only">検索結果</h2>
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border pb-3">
            <p className="text-sm text-primary-600" role="status" data-slot="result-count">
              該当物件
              <strong className="tabular mx-1 text-2xl text-primary" data-total={result.total} data-bounded={result.totalBounded || undefined}>
                {withCommas(String(result.total))}
              </strong>
              {countUnit}
              {result.total > 0 && (
                <span className="ml-2 text-xs text-primary-500">
                  （{withCommas(String(from))}〜{withCommas(String(to))}件を表示）
                </span>
              )}
            </p>
            {result.total > 0 && <SortSelect value={sr} params={withDisplay.toString()} cashFlowTerms={result.cashFlowTerms} />}
          </div>
          {result.total > 0 && <ListViewSwitch page={result.page} search={params} display={display} className="justify-end" />}
          <ListViewMemory vw={display.params.get("vw")} pp={display.params.has("pp") ? display.pageSize : null} />

          {isGuest && membersOnly !== undefined && membersOnly?.total !== 0 && (counts?.investment.members ?? 1) > 0 && (
            <aside
              className="flex flex-col gap-3 rounded-lg border border-gold-300 bg-gradient-to-r from-gold-50 to-white p-4 sm:flex-row sm:items-center sm:justify-between"
              aria-label="会員限定物件のご案内"
              data-slot="members-only-banner"
            >
              <p className="flex items-start gap-2 text-sm leading-relaxed">
                <LockKeyhole className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
                {membersOnly === null ? (
                  <span>会員限定物件は、無料会員登録・ログインのうえで検索・閲覧いただけます。</span>
                ) : (
                  <span>
                    {filtered ? "この条件では、このほかに" : "このほかに"}
                    <strong className="tabular mx-0.5" data-count={membersOnly.total} data-bounded={membersOnly.bounded ? "" : undefined}>
                      {withCommas(String(membersOnly.total))}
                    </strong>
                    {membersOnly.bounded ? "件以上" : "件"}の会員限定物件があります。無料会員登録ですべての物件をご覧いただけます。
                  </span>
                )}
              </p>
              <div className="flex shrink-0 gap-2">
                <Button asChild variant="gold" size="sm" className={GOLD_TEXT}>
                  <Link href="/signup">無料会員登録</Link>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <Link href="/login">ログイン</Link>
                </Button>
              </div>
            </aside>
          )}

          {result.items.length > 0 &&
            (display.view === "table" ? (
              <InvestmentTable cards={result.items} actions={actions} />
            ) : (
              <>
                <InvestmentCardGrid cards={result.items} eager={2} className="xl:grid-cols-3" actions={actions} data-slot="investment-results" />
                {/* one footnote for every card's 表面利回り※ (the table view prints its own) */}
                <YieldFootnote kinds={["gross", "net"]} vacant="list" />
                {result.cashFlowTerms && <MemberCashFlowNote />}
              </>
            ))}

          {actions?.kind === "member" && result.items.length > 0 && <CardActionsScript />}

          <PaginationBar
            current={result.page}
            last={result.last}
            total={result.total}
            bounded={result.totalBounded}
            basePath="/investments"
            query={withDisplay.toString()}
            className="mt-4"
          />

          {result.total === 0 && (
            <div className="grid gap-3 text-center text-sm text-primary-600">
              <p>条件を変更して、もう一度お探しください。</p>
              <div className="flex flex-wrap justify-center gap-2">
                {filtered && (
                  <Button asChild variant="outline">
                    <Link href="/investments">すべての物件を見る</Link>
                  </Button>
                )}
                <Button asChild variant="outline">
                  <Link href={entryPageHref("/investments/search/area", query)}>エリアから探す</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link href={entryPageHref("/investments/search/train", query)}>路線・駅から探す</Link>
                </Button>
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
