import { Button } from "@/components/ui/button";
import type { SearchQuery } from "@/schemas/search";
import { toSearchParams } from "@/schemas/search";
import { SEARCH_YIELD_LABEL } from "@/lib/yield-wording";
import { NET_YIELD_LABEL, SEKISAN_LABEL } from "@/components/search/metric-options";

/** The keys this form edits; every other condition (and the view / page size) rides along in hidden inputs. */
const RANGE_KEYS = new Set(["lp", "hp", "ly", "hy", "ny", "sk", "ls", "hs", "bt", "xw", "page"]);

const input =
  "h-9 w-full min-w-0 rounded-md border border-primary-200 bg-white px-2 text-sm tabular focus-visible:border-gold-500 focus-visible:outline-2 focus-visible:outline-gold-300";

function Range({
  legend,
  unit,
  lo,
  hi,
  query,
  step,
}: {
  legend: string;
  unit: string;
  lo: "lp" | "ly" | "ls";
  hi: "hp" | "hy" | "hs";
  query: SearchQuery;
  step: string;
}) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-xs font-bold tracking-wider text-primary-600">
        {legend}（{unit}）
      </legend>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-1.5">
        <input
          name={lo}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          defaultValue={query[lo] ?? ""}
          aria-label={`${legend}の下限（${unit}）`}
          placeholder="下限なし"
          className={input}
        />
        <span aria-hidden="true" className="text-primary-500">
          〜
        </span>
        <input
          name={hi}
          type="number"
          inputMode="decimal"
          min="0"
          step={step}
          defaultValue={query[hi] ?? ""}
          aria-label={`${legend}の上限（${unit}）`}
          placeholder="上限なし"
          className={input}
        />
      </div>
    </fieldset>
  );
}

function Floor({ label, name, value, step }: { label: string; name: string; value: number | undefined; step: string }) {
  return (
    <label className="grid gap-1 text-xs font-bold tracking-wider text-primary-600">
      {label}
      <span className="flex items-center gap-1.5 font-normal tracking-normal">
        <input name={name} type="number" inputMode="decimal" min="0" step={step} defaultValue={value ?? ""} placeholder="下限なし" className={input} />
        <span className="shrink-0 text-primary-600">%以上</span>
      </span>
    </label>
  );
}

/**
 * Free ranges and exclusion words in the list's side column: a plain GET form
 * (no JavaScript) to page 1 of the same search, the other conditions and the
 * display choice kept. Values the parser refuses are ignored as in any URL.
 */
export function RangeForm({ query, display }: { query: SearchQuery; display: URLSearchParams }) {
  const kept = [...toSearchParams(query)].filter(([k]) => !RANGE_KEYS.has(k));
  return (
    <form
      action="/investments/page/1/"
      method="get"
      className="grid gap-3 rounded-lg border border-border bg-white p-4"
      aria-label="価格・利回り・積算比・面積・築年数・除外ワードで絞り込む"
      data-slot="range-form"
    >
      {[...kept, ...display].map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <Range legend="価格" unit="万円" lo="lp" hi="hp" query={query} step="1" />
      <Range legend={SEARCH_YIELD_LABEL} unit="%" lo="ly" hi="hy" query={query} step="0.01" />
      {/* floors only (issue 33): a listing without the figure never matches, so an upper bound would add nothing */}
      <Floor label={NET_YIELD_LABEL} name="ny" value={query.ny} step="any" />
      <Floor label={SEKISAN_LABEL} name="sk" value={query.sk} step="any" />
      <Range legend="面積" unit="㎡" lo="ls" hi="hs" query={query} step="0.01" />
      <label className="grid gap-1 text-xs font-bold tracking-wider text-primary-600">
        築年数（年以内）
        <input name="bt" type="number" inputMode="numeric" min="1" max="100" step="1" defaultValue={query.bt ?? ""} placeholder="指定なし" className={input} />
      </label>
      <label className="grid gap-1 text-xs font-bold tracking-wider text-primary-600">
        除外ワード
        <input name="xw" type="text" maxLength={200} defaultValue={query.xw ?? ""} placeholder="例：借地権 事故" className={`${input} font-normal`} />
        <span className="font-normal tracking-normal text-primary-500">物件名・キーワードにいずれかの語を含む物件を除きます（空白区切り）。</span>
      </label>
      <Button type="submit" size="sm" variant="outline">
        この条件で絞り込む
      </Button>
    </form>
  );
}
