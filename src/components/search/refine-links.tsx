import { Check } from "@/components/icons";
import { ChipLink } from "@/components/ui/chip-link";
import { cn } from "@/lib/cn";
import { cityLabel, DESIGNATED_CITIES } from "@/lib/constants/designated-cities";
import { AREAS, SEARCH_TYPES } from "@/lib/constants/investment";
import type { SearchQuery } from "@/schemas/search";
import { entryPageHref } from "./entry-href";
import { emptyQuery, hasValue, listHref, patchQuery, scalarValue, toggleValue } from "./query-hrefs";
import { ENTRY_LINKS, PRICE_BANDS, WALK_LIMITS, YIELD_FLOORS } from "./refine-options";
import { SEARCH_YIELD_LABEL } from "@/lib/yield-wording";
import { floorLabel, METRIC_FLAGS, NET_YIELD_FLOORS, NET_YIELD_LABEL, SEKISAN_FLOORS, SEKISAN_LABEL } from "./metric-options";

function Option({ href, active, children }: { href: string; active: boolean; children: React.ReactNode }) {
  return (
    <ChipLink variant="refine-option" href={href} active={active}>
      <span className={cn("refine-box", active ? "border-gold-700 bg-gold-700 text-white" : "border-primary-300 bg-white")} aria-hidden="true">
        {active && <Check className="size-3" strokeWidth={3} />}
      </span>
      {children}
      {active && <span className="sr-only">（選択中）</span>}
    </ChipLink>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="border-t border-border px-4 py-3 first:border-t-0">
      <h2 className="mb-1 text-xs font-bold tracking-wider text-primary-600">{title}</h2>
      <ul>{children}</ul>
    </div>
  );
}

/**
 * The list's side column: the three search entries and one-click refinements
 * (area, type, price, yield, walk, 投資指標) that keep the other conditions. Plain
 * links, so they work before hydration and are crawlable. A server component
 * (issue 21): no JavaScript, no tailwind-merge in the page's bundle.
 */
export function RefineLinks({ query, className }: { query: SearchQuery; className?: string }) {
  const base = emptyQuery() as unknown as Record<string, unknown>;
  const lp = scalarValue(query, "lp");
  const hp = scalarValue(query, "hp");
  const ly = scalarValue(query, "ly");
  const sw = scalarValue(query, "sw");
  // Every search page opens with the list's conditions (and keeps them; it offers to clear them) (issue 30).
  const entryHref = (path: string) => entryPageHref(path, query);
  return (
    <nav aria-label="条件の絞り込み" className={cn("overflow-hidden rounded-lg border border-border bg-white", className)} data-slot="refine">
      <ul className="grid gap-1 border-b border-border bg-primary p-2">
        {ENTRY_LINKS.map((e) => (
          <li key={e.path}>
            <ChipLink variant="refine-entry" href={entryHref(e.path)} icon={e.icon}>
              {e.name}
            </ChipLink>
          </li>
        ))}
      </ul>
      {/* re and ct are ANDed by the search: an area and a city replace each other rather than intersect */}
      <Group title="エリア">
        {AREAS.map((a) => (
          <li key={a.id}>
            <Option href={listHref(patchQuery(toggleValue(query, "re", a.id), { ct: base.ct }))} active={hasValue(query, "re", a.id)}>
              {a.name}
            </Option>
          </li>
        ))}
      </Group>
      <Group title="市全域">
        {DESIGNATED_CITIES.map((c) => (
          <li key={c.code}>
            <Option href={listHref(patchQuery(toggleValue(query, "ct", c.code), { re: base.re }))} active={hasValue(query, "ct", c.code)}>
              {cityLabel(c)}
            </Option>
          </li>
        ))}
      </Group>
      <Group title="物件種別">
        {SEARCH_TYPES.map((t) => (
          <li key={t.id}>
            <Option href={listHref(toggleValue(query, "ty", t.id))} active={hasValue(query, "ty", t.id)}>
              {t.name}
            </Option>
          </li>
        ))}
      </Group>
      <Group title="価格">
        {PRICE_BANDS.map((b) => {
          const active = lp === (b.lp === null ? "" : String(b.lp)) && hp === (b.hp === null ? "" : String(b.hp));
          const patch = active ? { lp: base.lp, hp: base.hp } : { lp: b.lp ?? base.lp, hp: b.hp ?? base.hp };
          return (
            <li key={b.label}>
              <Option href={listHref(patchQuery(query, patch))} active={active}>
                {b.label}
              </Option>
            </li>
          );
        })}
      </Group>
      <Group title={SEARCH_YIELD_LABEL}>
        {YIELD_FLOORS.map((y) => {
          const active = ly === String(y);
          return (
            <li key={y}>
              <Option href={listHref(patchQuery(query, { ly: active ? base.ly : y }))} active={active}>
                {y}%以上
              </Option>
            </li>
          );
        })}
      </Group>
      <Group title={NET_YIELD_LABEL}>
        {NET_YIELD_FLOORS.map((y) => {
          const active = scalarValue(query, "ny") === String(y);
          return (
            <li key={y}>
              <Option href={listHref(patchQuery(query, { ny: active ? undefined : y }))} active={active}>
                {floorLabel(y)}
              </Option>
            </li>
          );
        })}
      </Group>
      <Group title={SEKISAN_LABEL}>
        {SEKISAN_FLOORS.map((v) => {
          const active = scalarValue(query, "sk") === String(v);
          return (
            <li key={v}>
              <Option href={listHref(patchQuery(query, { sk: active ? undefined : v }))} active={active}>
                {floorLabel(v)}
              </Option>
            </li>
          );
        })}
      </Group>
      <Group title="所有権・満室・災害リスク">
        {METRIC_FLAGS.map((f) => {
          // a flag parses to true (ow=1); off drops the key
          const active = scalarValue(query, f.key) === "true";
          return (
            <li key={f.key}>
              <Option href={listHref(patchQuery(query, { [f.key]: active ? undefined : true }))} active={active}>
                {f.key === "hz" ? (
                  <span className="min-w-0">
                    {f.label}
                    <span className="block text-xs font-normal text-primary-500">{f.note}</span>
                  </span>
                ) : (
                  f.label
                )}
              </Option>
            </li>
          );
        })}
      </Group>
      <Group title="駅徒歩">
        {WALK_LIMITS.map((m) => {
          const active = sw === String(m);
          return (
            <li key={m}>
              <Option href={listHref(patchQuery(query, { sw: active ? base.sw : m }))} active={active}>
                {m}分以内
              </Option>
            </li>
          );
        })}
      </Group>
    </nav>
  );
}
