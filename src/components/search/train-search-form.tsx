"use client";

import { ChevronDown, TrainFront } from "@/components/icons";
import { useDeferredValue, useMemo, useState } from "react";
import { withCommas } from "@/lib/price";
import type { LineFacet, TrainFacets } from "@/server/investments";
import { CarriedConditions } from "./carried-conditions";
import { ListSearchForm, listPageHref } from "./list-search-form";
import { SearchSubmitBar } from "./search-submit-bar";
import { useSearchCount } from "./use-search-count";

export interface TrainSelection {
  /** Whole lines (sl). */
  lines: readonly number[];
  /** Single stations (st). */
  stations: readonly number[];
  /** Search a chosen station on every line that serves it (rg instead of st). */
  transfer: boolean;
}

/** The list query of a selection: sl for whole lines, st (or rg) for single stations; sl/st/rg are ORed by the search. */
export function trainSelectionParams(sel: TrainSelection, groupOf: ReadonlyMap<number, number>): URLSearchParams {
  const qs = new URLSearchParams();
  for (const l of [...sel.lines].sort((a, b) => a - b)) qs.append("sl", String(l));
  if (sel.transfer) {
    const groups = [...new Set(sel.stations.map((s) => groupOf.get(s) ?? s))].sort((a, b) => a - b);
    for (const g of groups) qs.append("rg", String(g));
  } else {
    for (const s of [...sel.stations].sort((a, b) => a - b)) qs.append("st", String(s));
  }
  return qs;
}

const anchor = (key: string) => `operator-${key}`;

/**
 * /investments/search/train: operators → lines → stations with live counts.
 * Several stations (on several lines) can be chosen at once; a line's
 * "全駅" box chooses the whole line. Works as a plain GET form (st=…) before hydration.
 */
/** The keys the train selection sets; the list's other conditions are kept (issue 30). */
const TRAIN_KEYS = new Set(["sl", "st", "rg", "page"]);

export function TrainSearchForm({ facets, initial = "" }: { facets: TrainFacets; initial?: string }) {
  // `initial`: the list's canonical query string (parsed on the server). Its lines and stations start selected.
  const init = new URLSearchParams(initial);
  const carry = new URLSearchParams([...init].filter(([k]) => !TRAIN_KEYS.has(k)));
  const initialGroups = new Set(init.getAll("rg").map(Number));
  const [stations, setStations] = useState<ReadonlySet<number>>(() => {
    const chosen = new Set(init.getAll("st").map(Number));
    if (initialGroups.size)
      for (const o of facets.operators) for (const l of o.lines) for (const st of l.stations) if (initialGroups.has(st.group_cd)) chosen.add(st.station_cd);
    return chosen;
  });
  const [lines, setLines] = useState<ReadonlySet<number>>(() => new Set(init.getAll("sl").map(Number)));
  const [transfer, setTransfer] = useState(initialGroups.size > 0);

  const { groupOf, stationName, lineName } = useMemo(() => {
    const groupOf = new Map<number, number>();
    const stationName = new Map<number, string>();
    const lineName = new Map<number, string>();
    for (const o of facets.operators)
      for (const l of o.lines) {
        lineName.set(l.line_cd, l.name);
        for (const s of l.stations) {
          groupOf.set(s.station_cd, s.group_cd);
          stationName.set(s.station_cd, s.name);
        }
      }
    return { groupOf, stationName, lineName };
  }, [facets]);

  const selection: TrainSelection = { lines: [...lines], stations: [...stations], transfer };
  const params = trainSelectionParams(selection, groupOf);
  for (const [k, v] of carry) params.append(k, v);
  const input = useDeferredValue(Object.fromEntries([...new Set(params.keys())].map((k) => [k, params.getAll(k)])));
  const empty = lines.size === 0 && stations.size === 0;
  const count = useSearchCount(input, !empty);

  const toggleStation = (cd: number, on: boolean) =>
    setStations((prev) => {
      const next = new Set(prev);
      if (on) next.add(cd);
      else next.delete(cd);
      return next;
    });
  const toggleLine = (line: LineFacet, on: boolean) => {
    setLines((prev) => {
      const next = new Set(prev);
      if (on) next.add(line.line_cd);
      else next.delete(line.line_cd);
      return next;
    });
    // A whole line replaces its single stations.
    if (on) setStations((prev) => new Set([...prev].filter((s) => !line.stations.some((x) => x.station_cd === s))));
  };

  const chosen = [...[...lines].map((l) => `${lineName.get(l) ?? l}（全駅）`), ...[...stations].map((s) => `${stationName.get(s) ?? s}駅`)];

  if (facets.operators.length === 0) {
    return <p className="rounded-lg bg-muted px-4 py-10 text-center text-sm text-primary-600">現在、駅から探せる物件はありません。</p>;
  }

  return (
    <ListSearchForm hrefOf={() => listPageHref(params)} className="grid gap-5" data-slot="train-search">
      <CarriedConditions carry={carry} />
      <nav aria-label="鉄道会社" className="flex flex-wrap gap-1.5">
        {facets.operators.map((o) => (
          <a
            key={o.key}
            href={`#${anchor(o.key)}`}
            className="inline-flex h-9 items-center gap-1 rounded-full border border-primary-200 bg-white px-3.5 text-sm font-bold hover:border-gold hover:text-gold-700"
          >
            {o.name}
            <span className="tabular text-xs font-normal text-primary-500">{withCommas(String(o.count))}</span>
          </a>
        ))}
      </nav>

      {facets.operators.map((o) => (
        <section key={o.key} id={anchor(o.key)} aria-labelledby={`${anchor(o.key)}-title`} className="scroll-mt-4">
          <h2 id={`${anchor(o.key)}-title`} className="mb-2 flex items-center gap-2 border-l-4 border-gold pl-3 text-lg font-bold">
            <TrainFront className="size-5 text-gold-600" aria-hidden="true" />
            {o.name}
            <span className="tabular text-sm font-normal text-primary-600">{withCommas(String(o.count))}件</span>
          </h2>
          <ul className="grid items-start gap-2 lg:grid-cols-2">
            {o.lines.map((l) => {
              const lineOn = lines.has(l.line_cd);
              const picked = l.stations.filter((s) => stations.has(s.station_cd)).length;
              return (
                <li key={l.line_cd}>
                  <details className="group overflow-hidden rounded-lg border border-border bg-white open:border-gold-300" data-line={l.line_cd}>
                    <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 hover:bg-muted [&::-webkit-details-marker]:hidden">
                      <span className="h-4 w-1.5 shrink-0 rounded-full" style={{ background: l.color ?? "#b8932f" }} aria-hidden="true" />
                      <span className="min-w-0 flex-1 font-bold">{l.name}</span>
                      {(lineOn || picked > 0) && (
                        <span className="rounded-full bg-gold px-2 text-xs font-bold text-primary-950">{lineOn ? "全駅" : `${picked}駅`}選択中</span>
                      )}
                      <span className="tabular text-sm text-primary-600">{withCommas(String(l.count))}件</span>
                      <ChevronDown className="size-4 text-primary-400 transition-transform group-open:rotate-180" aria-hidden="true" />
                    </summary>
                    <div className="border-t border-border p-3">
                      <label className="mb-2 inline-flex cursor-pointer items-center gap-2 text-sm font-bold">
                        <input type="checkbox" checked={lineOn} onChange={(e) => toggleLine(l, e.target.checked)} className="size-4 accent-gold-600" />
                        {l.name}の全駅
                      </label>
                      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
                        {l.stations.map((s) => {
                          const on = lineOn || stations.has(s.station_cd);
                          return (
                            <label
                              key={s.station_cd}
                              // No tailwind-merge here (issue 21): the line's "all stations" state replaces cursor-pointer itself.
                              className={`flex min-h-10 ${lineOn ? "cursor-default opacity-70" : "cursor-pointer"} items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm transition-colors ${
                                on ? "border-gold-500 bg-gold-50 font-bold" : "border-border hover:border-gold-300"
                              }`}
                            >
                              <input
                                type="checkbox"
                                name="st"
                                value={s.station_cd}
                                checked={on}
                                disabled={lineOn}
                                onChange={(e) => toggleStation(s.station_cd, e.target.checked)}
                                className="size-4 shrink-0 accent-gold-600"
                              />
                              <span className="min-w-0 flex-1 truncate">{s.name}</span>
                              <span className="tabular text-xs text-primary-500">（{withCommas(String(s.count))}）</span>
                            </label>
                          );
                        })}
                      </div>
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      <SearchSubmitBar
        summary={
          chosen.length ? `選択中：${chosen.slice(0, 5).join("・")}${chosen.length > 5 ? ` ほか${chosen.length - 5}件` : ""}` : "路線・駅を選択してください"
        }
        total={empty ? undefined : count.total}
        counting={count.counting}
        onClear={
          empty
            ? undefined
            : () => {
                setStations(new Set());
                setLines(new Set());
              }
        }
      >
        <label className="mt-1 inline-flex cursor-pointer items-center gap-2 text-xs text-primary-700">
          <input type="checkbox" checked={transfer} onChange={(e) => setTransfer(e.target.checked)} className="size-4 accent-gold-600" />
          選んだ駅は、乗り入れる他の路線も含めて探す
        </label>
      </SearchSubmitBar>
    </ListSearchForm>
  );
}
