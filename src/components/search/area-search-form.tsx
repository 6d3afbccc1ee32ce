"use client";

import { useMemo, useState } from "react";
import { cityLabel, collapseWards, DESIGNATED_CITIES, expandWards } from "@/lib/constants/designated-cities";
import { withCommas } from "@/lib/price";
import type { AreaFacets, MunicipalityFacet } from "@/server/investments";
import { CarriedConditions } from "./carried-conditions";
import { ListSearchForm } from "./list-search-form";
import { SearchSubmitBar } from "./search-submit-bar";

/**
 * Where a selection of municipalities goes: whole areas only → re=…;
 * otherwise every chosen municipality → ct=…, a designated city whose wards
 * are all chosen as its one code (ct=271004 for the 24 wards of 大阪市).
 * re and ct are ANDed by the search, so they are never mixed. A whole city
 * that spans two areas (大阪市: 大阪市中心部 + 大阪ベイエリア) goes as the city.
 */
export function areaSelectionHref(facets: Pick<AreaFacets, "areas">, selected: ReadonlySet<string>): string {
  if (selected.size === 0) return "/investments";
  const leaves = new Set(expandWards(selected));
  const whole = facets.areas.filter((a) => a.municipalities.length > 0 && a.municipalities.every((m) => leaves.has(m.code)));
  const inWhole = new Set(whole.flatMap((a) => a.municipalities.map((m) => m.code)));
  const areaOf = new Map(facets.areas.flatMap((a) => a.municipalities.map((m) => [m.code, a.id] as const)));
  const citySpansAreas = DESIGNATED_CITIES.some((c) => c.ward_codes.every((w) => leaves.has(w)) && new Set(c.ward_codes.map((w) => areaOf.get(w))).size > 1);
  const qs = new URLSearchParams();
  if (!citySpansAreas && [...leaves].every((c) => inWhole.has(c))) for (const a of whole) qs.append("re", String(a.id));
  else for (const c of collapseWards(leaves)) qs.append("ct", c);
  return `/investments/page/1/?${qs.toString()}`;
}

/** A list URL with the conditions kept from the list the search was opened from. */
export function withCarried(href: string, carry: URLSearchParams): string {
  if ([...carry].length === 0) return href;
  const [path = "", qs = ""] = href.split("?");
  const merged = new URLSearchParams(qs);
  for (const [k, v] of carry) merged.append(k, v);
  return `${path === "/investments" ? "/investments/page/1/" : path}?${merged.toString()}`;
}

function Count({ n }: { n: number }) {
  return <span className={n > 0 ? "tabular text-xs text-primary-600" : "tabular text-xs text-primary-500"}>（{withCommas(String(n))}）</span>;
}

const WARD = /^(大阪市|堺市|神戸市|京都市)(.+区)$/;

/** A ward's city prefix is only visually hidden on phones (still read out): "大阪市都島区" shows as 都島区. */
function MunicipalityName({ name }: { name: string }) {
  const m = WARD.exec(name);
  if (!m) return <>{name}</>;
  return (
    <>
      <span className="max-sm:sr-only">{m[1]}</span>
      {m[2]}
    </>
  );
}

function MunicipalityBox({ m, checked, onChange }: { m: MunicipalityFacet; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label
      className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm transition-colors ${
        checked ? "border-gold-500 bg-gold-50 font-bold" : "border-border bg-white hover:border-gold-300"
      }${m.count === 0 && !checked ? " text-primary-500" : ""}`}
    >
      <input
        type="checkbox"
        name="ct"
        value={m.code}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 shrink-0 accent-gold-600"
      />
      <span className="min-w-0 flex-1 truncate">
        <MunicipalityName name={m.name} />
      </span>
      <Count n={m.count} />
    </label>
  );
}

/**
 * /investments/search/area: the six areas (and the places outside them) with
 * their municipalities and live counts; an area's box selects all of its
 * municipalities. Works as a plain GET form (ct=…) before hydration.
 */
/** The keys the area selection sets; the list's other conditions are kept. */
const AREA_KEYS = new Set(["re", "pf", "ct", "page"]);

export function AreaSearchForm({ facets, initial = "" }: { facets: AreaFacets; initial?: string }) {
  // `initial`: the list's canonical query string (parsed on the server). Its areas and municipalities start selected.
  const init = new URLSearchParams(initial);
  const carry = new URLSearchParams([...init].filter(([k]) => !AREA_KEYS.has(k)));
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => {
    const areas = new Set(init.getAll("re"));
    return new Set([
      ...expandWards(init.getAll("ct")),
      ...facets.areas.filter((a) => areas.has(String(a.id))).flatMap((a) => a.municipalities.map((m) => m.code)),
    ]);
  });

  const countOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const a of facets.areas) for (const m of a.municipalities) map.set(m.code, m.count);
    for (const p of facets.others) for (const m of p.municipalities) map.set(m.code, m.count);
    return map;
  }, [facets]);
  // Each listing has one municipality, so the total of a selection is a plain sum.
  const total = [...selected].reduce((s, c) => s + (countOf.get(c) ?? 0), 0);

  const set = (codes: readonly string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const c of codes) {
        if (on) next.add(c);
        else next.delete(c);
      }
      return next;
    });

  const groups = [
    ...facets.areas.map((a) => ({ key: `re-${a.id}`, name: a.name, count: a.count, municipalities: a.municipalities })),
    ...facets.others.map((p) => ({ key: `pf-${p.id}`, name: `${p.name}（その他の地域）`, count: p.count, municipalities: p.municipalities })),
  ];
  // a whole designated city reads as one name (大阪市全域（24区）), not as its wards
  const nameOf = new Map<string, string>([
    ...groups.flatMap((g) => g.municipalities.map((m) => [m.code, m.name] as const)),
    ...DESIGNATED_CITIES.map((c) => [c.code, cityLabel(c)] as const),
  ]);
  const names = collapseWards(selected).map((c) => nameOf.get(c) ?? c);

  return (
    <ListSearchForm hrefOf={() => withCarried(areaSelectionHref(facets, selected), carry)} className="grid gap-5" data-slot="area-search">
      <CarriedConditions carry={carry} />
      <fieldset className="overflow-hidden rounded-lg border border-border bg-white" data-slot="city-choices">
        <legend className="sr-only">市全域で選ぶ</legend>
        <div className="border-b border-border bg-muted px-4 py-2.5 text-base font-bold" aria-hidden="true">
          市全域で選ぶ
        </div>
        <div className="grid gap-1.5 p-3 sm:grid-cols-2 lg:grid-cols-4">
          {DESIGNATED_CITIES.map((c) => {
            const all = c.ward_codes.every((w) => selected.has(w));
            const some = !all && c.ward_codes.some((w) => selected.has(w));
            const n = c.ward_codes.reduce((sum, w) => sum + (countOf.get(w) ?? 0), 0);
            return (
              <label
                key={c.code}
                className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm transition-colors ${
                  all ? "border-gold-500 bg-gold-50 font-bold" : "border-border bg-white hover:border-gold-300"
                }`}
              >
                {/* name=ct: before hydration the plain GET sends the city's code, which matches all its wards */}
                <input
                  type="checkbox"
                  name="ct"
                  value={c.code}
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = some;
                  }}
                  onChange={(e) => set(c.ward_codes, e.target.checked)}
                  className="size-4 shrink-0 accent-gold-600"
                />
                <span className="min-w-0 flex-1">{cityLabel(c)}</span>
                <Count n={n} />
              </label>
            );
          })}
        </div>
      </fieldset>
      {groups.map((g) => {
        const codes = g.municipalities.map((m) => m.code);
        const chosen = codes.filter((c) => selected.has(c)).length;
        const all = chosen > 0 && chosen === codes.length;
        const headingId = `${g.key}-title`;
        return (
          <fieldset key={g.key} className="overflow-hidden rounded-lg border border-border bg-white" aria-labelledby={headingId}>
            <legend className="sr-only">{g.name}</legend>
            <div className="flex items-center justify-between gap-3 border-b border-border bg-muted px-4 py-2.5">
              <label className="flex cursor-pointer items-center gap-2">
                <input
                  type="checkbox"
                  checked={all}
                  ref={(el) => {
                    if (el) el.indeterminate = chosen > 0 && !all;
                  }}
                  onChange={(e) => set(codes, e.target.checked)}
                  className="size-4 accent-gold-600"
                />
                <span id={headingId} className="text-base font-bold">
                  {g.name}
                </span>
                <span className="text-sm text-primary-600">すべて</span>
              </label>
              <span className="tabular text-sm font-bold text-primary-600">{withCommas(String(g.count))}件</span>
            </div>
            <div className="grid grid-cols-2 gap-1.5 p-3 sm:grid-cols-3 lg:grid-cols-5">
              {g.municipalities.map((m) => (
                <MunicipalityBox key={m.code} m={m} checked={selected.has(m.code)} onChange={(on) => set([m.code], on)} />
              ))}
            </div>
          </fieldset>
        );
      })}

      <SearchSubmitBar
        summary={
          names.length
            ? `選択中：${names.slice(0, 6).join("・")}${names.length > 6 ? ` ほか${names.length - 6}件` : ""}`
            : "市区町村を選択してください（未選択ならすべての物件）"
        }
        total={selected.size ? total : facets.total}
        onClear={selected.size ? () => setSelected(new Set()) : undefined}
      />
    </ListSearchForm>
  );
}
