"use client";

import { useDeferredValue, useId, useRef, useState } from "react";
import { Select } from "@/components/ui/select";
import { AREAS, FEATURES } from "@/lib/constants/investment";
import { formatPrice, withCommas } from "@/lib/price";
import type { CodeFacet, FeatureFacets } from "@/server/investments";
import { CarriedConditions } from "./carried-conditions";
import { ListSearchForm, listPageHref } from "./list-search-form";
import { METRIC_KEYS } from "./metric-keys";
import { SearchSubmitBar } from "./search-submit-bar";
import { useSearchCount } from "./use-search-count";
import { SEARCH_YIELD_LABEL } from "@/lib/yield-wording";

/** Price steps in 万円 for lp / hp. */
// 8,000万 and 9,000万: a budget just under 1億 is common, and 7,000万 → 1億 was one step (issue 30).
export const PRICE_STEPS = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 15000, 20000, 30000, 50000, 100000] as const;
export const YIELD_STEPS = [5, 6, 7, 8, 9, 10, 12, 15] as const;
export const WALK_STEPS = [3, 5, 7, 10, 15, 20] as const;
export const AGE_STEPS = [5, 10, 15, 20, 25, 30, 35, 40] as const;
export const RESIDUAL_STEPS = [5, 10, 15, 20, 25, 30] as const;
export const SIZE_STEPS = [30, 50, 100, 150, 200, 300, 500, 1000] as const;
export const NEW_DAY_STEPS = [3, 7, 14, 30] as const;

/** Form data → list query: empty values left out (so the URL carries only real conditions). */
export function formParams(form: HTMLFormElement): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of new FormData(form)) {
    if (typeof v === "string" && v.trim() !== "") qs.append(k, v.trim());
  }
  return qs;
}

/** The keys this form sets itself; every other condition of the list it was opened from is carried along unchanged. */
const FEATURE_KEYS = new Set<string>(["ty", "sc", "fs", "lp", "hp", "ly", "hy", "sw", "bt", "rs", "dy", "ls", "hs", "re", ...METRIC_KEYS, "page"]);

function CheckGroup({ name, legend, items, init }: { name: string; legend: string; items: readonly CodeFacet[]; init: URLSearchParams }) {
  return (
    <fieldset className="rounded-lg border border-border bg-white p-4">
      <legend className="px-1 text-base font-bold">{legend}</legend>
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
        {items.map((it) => (
          <label
            key={it.id}
            className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm transition-colors hover:border-gold-300 has-[:checked]:border-gold-500 has-[:checked]:bg-gold-50 has-[:checked]:font-bold"
          >
            <input
              type="checkbox"
              name={name}
              value={it.id}
              defaultChecked={init.getAll(name).includes(String(it.id))}
              className="size-4 shrink-0 accent-gold-600"
            />
            <span className="min-w-0 flex-1">{it.name}</span>
            <span className="tabular text-xs text-primary-500">（{withCommas(String(it.count))}）</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RangeSelect({
  label,
  name,
  options,
  placeholder,
  className,
  init,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  className?: string;
  /** The list's conditions: a value typed freely there (not one of the steps) is offered as it is. */
  init?: URLSearchParams;
}) {
  const id = useId();
  const current = init?.get(name) ?? "";
  const all = current && !options.some((o) => o.value === current) ? [{ value: current, label: `${current}（指定値）` }, ...options] : options;
  return (
    <div className={className ? `grid gap-1 ${className}` : "grid gap-1"}>
      <label htmlFor={id} className="text-xs font-bold text-primary-600">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={current}>
        <option value="">{placeholder}</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Block({ title, children, note }: { title: string; children: React.ReactNode; note?: string }) {
  return (
    <fieldset className="rounded-lg border border-border bg-white p-4">
      <legend className="px-1 text-base font-bold">{title}</legend>
      {note && <p className="mb-2 text-xs text-primary-500">{note}</p>}
      {children}
    </fieldset>
  );
}

const priceOptions = PRICE_STEPS.map((p) => ({ value: String(p), label: formatPrice(p) }));

/**
 * /investments/search/feature: type, structure, features with live counts,
 * and the price, yield, walk, age, remaining life, area and freshness
 * ranges, and the 投資指標 (実質利回り, 積算比, 所有権, 現況満室, hazard). A plain
 * GET form to the list (works before hydration); with JavaScript it leaves empty fields out of the URL and shows a live total.
 */
export function FeatureSearchForm({
  facets,
  initial = "",
  metrics,
}: {
  facets: FeatureFacets;
  initial?: string;
  /** The 投資指標 fields (metric-fields.tsx), rendered by the page on the server: no JavaScript of theirs here. */
  metrics?: React.ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a list: its conditions are preselected here, and the ones this form has no field for are kept.
  // `initial`: the list's canonical query string (parsed on the server, so the parser stays out of this bundle)
  const init = new URLSearchParams(initial);
  const carry = new URLSearchParams([...init].filter(([k]) => !FEATURE_KEYS.has(k)));
  const [query, setQuery] = useState<Record<string, string[]>>(() => Object.fromEntries([...new Set(init.keys())].map((k) => [k, init.getAll(k)])));
  const deferred = useDeferredValue(query);
  const empty = Object.keys(deferred).length === 0;
  const count = useSearchCount(deferred, !empty);

  const refresh = () => {
    if (!formRef.current) return;
    const qs = formParams(formRef.current);
    setQuery(Object.fromEntries([...new Set(qs.keys())].map((k) => [k, qs.getAll(k)])));
  };

  return (
    <ListSearchForm
      ref={formRef}
      hrefOf={(form) => listPageHref(formParams(form))}
      onChange={refresh}
      onReset={() => setQuery({})}
      className="grid gap-5"
      data-slot="feature-search"
    >
      <CarriedConditions carry={carry} />
      <div className="grid gap-5 lg:grid-cols-2">
        <CheckGroup name="ty" legend="物件種別" items={facets.types} init={init} />
        <CheckGroup name="sc" legend="建物構造" items={facets.structures} init={init} />
      </div>
      <fieldset className="rounded-lg border border-border bg-white p-4">
        <legend className="px-1 text-base font-bold">こだわり条件</legend>
        <p className="mb-2 text-xs text-primary-500">選んだ条件をすべて満たす物件を探します。</p>
        <div className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-3">
          {facets.features.map((f) => {
            const note = FEATURES.find((x) => x.id === f.id)?.note;
            return (
              <label
                key={f.id}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm transition-colors hover:border-gold-300 has-[:checked]:border-gold-500 has-[:checked]:bg-gold-50"
              >
                <input
                  type="checkbox"
                  name="fs"
                  value={f.id}
                  defaultChecked={init.getAll("fs").includes(String(f.id))}
                  className="size-4 shrink-0 accent-gold-600"
                />
                <span className="min-w-0 flex-1">
                  <span className="font-bold">{f.name}</span>
                  {note && <span className="block text-xs text-primary-500">{note}</span>}
                </span>
                <span className="tabular text-xs text-primary-500">（{withCommas(String(f.count))}）</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-5 lg:grid-cols-2">
        <Block title="価格">
          <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-2">
            <RangeSelect init={init} label="下限" name="lp" placeholder="下限なし" options={priceOptions} />
            <span className="pb-2 text-primary-500" aria-hidden="true">
              〜
            </span>
            <RangeSelect init={init} label="上限" name="hp" placeholder="上限なし" options={priceOptions} />
          </div>
        </Block>
        <Block title={SEARCH_YIELD_LABEL}>
          <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-2">
            <RangeSelect
              init={init}
              label="下限"
              name="ly"
              placeholder="下限なし"
              options={YIELD_STEPS.map((y) => ({ value: String(y), label: `${y}%以上` }))}
            />
            <span className="pb-2 text-primary-500" aria-hidden="true">
              〜
            </span>
            <RangeSelect
              init={init}
              label="上限"
              name="hy"
              placeholder="上限なし"
              options={YIELD_STEPS.map((y) => ({ value: String(y), label: `${y}%以下` }))}
            />
          </div>
        </Block>
        <Block title="投資指標" note="下限を選ぶと、実質利回り・積算比を算出できない物件は含まれません。">
          {metrics}
        </Block>
        <Block title="駅・築年数">
          <div className="grid grid-cols-2 gap-3">
            <RangeSelect
              init={init}
              label="駅徒歩"
              name="sw"
              placeholder="指定なし"
              options={WALK_STEPS.map((m) => ({ value: String(m), label: `${m}分以内` }))}
            />
            <RangeSelect
              init={init}
              label="築年数"
              name="bt"
              placeholder="指定なし"
              options={AGE_STEPS.map((y) => ({ value: String(y), label: `築${y}年以内` }))}
            />
            <RangeSelect
              init={init}
              label="残存耐用年数"
              name="rs"
              placeholder="指定なし"
              options={RESIDUAL_STEPS.map((y) => ({ value: String(y), label: `${y}年以上` }))}
            />
            <RangeSelect
              init={init}
              label="掲載時期"
              name="dy"
              placeholder="指定なし"
              options={NEW_DAY_STEPS.map((d) => ({ value: String(d), label: `${d}日以内の新着` }))}
            />
          </div>
        </Block>
        <Block title="面積" note="区分マンションは専有面積、そのほかは土地面積で探します。">
          <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-2">
            <RangeSelect
              init={init}
              label="下限"
              name="ls"
              placeholder="下限なし"
              options={SIZE_STEPS.map((s) => ({ value: String(s), label: `${s}㎡以上` }))}
            />
            <span className="pb-2 text-primary-500" aria-hidden="true">
              〜
            </span>
            <RangeSelect
              init={init}
              label="上限"
              name="hs"
              placeholder="上限なし"
              options={SIZE_STEPS.map((s) => ({ value: String(s), label: `${s}㎡以下` }))}
            />
          </div>
        </Block>
      </div>

      <fieldset className="rounded-lg border border-border bg-white p-4">
        <legend className="px-1 text-base font-bold">エリア</legend>
        <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3 lg:grid-cols-6">
          {AREAS.map((a) => (
            <label
              key={a.id}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm hover:border-gold-300 has-[:checked]:border-gold-500 has-[:checked]:bg-gold-50 has-[:checked]:font-bold"
            >
              <input
                type="checkbox"
                name="re"
                value={a.id}
                defaultChecked={init.getAll("re").includes(String(a.id))}
                className="size-4 shrink-0 accent-gold-600"
              />
              {a.name}
            </label>
          ))}
        </div>
      </fieldset>

      <SearchSubmitBar
        summary={empty ? `条件を選択してください（掲載中 ${withCommas(String(facets.total))}件）` : "選択した条件で検索します"}
        total={empty ? facets.total : count.total}
        counting={count.counting}
        onClear={empty ? undefined : () => formRef.current?.reset()}
      />
    </ListSearchForm>
  );
}
