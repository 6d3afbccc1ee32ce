import { ChevronRight } from "@/components/icons";
import Link from "next/link";
import { FEATURES, STRUCTURES } from "@/lib/constants/investment";
import { HOME_AREAS, HOME_FEATURES, HOME_STRUCTURES, HOME_TYPES } from "@/lib/constants/home-links";
import type { NavLink } from "@/lib/constants/site";
import { SectionHeading } from "./section-heading";

const featureNote = new Map<string, string | null>(FEATURES.map((f) => [f.name, f.note]));
const structureLife = new Map<string, number>(STRUCTURES.map((s) => [s.name, s.life]));

/**
 * The "footer area" of the top page (spec §2): recommended areas, property
 * types, building structures and recommended features, each linking to the list. `townLines`:
 * the towns under each area tile, from the server (./area-towns.ts).
 */
export function BrowseSections({ townLines }: { townLines: Readonly<Record<string, string>> }) {
  return (
    <section aria-labelledby="browse-title" className="border-t border-border bg-muted py-12 sm:py-16" data-section="browse">
      <div className="mx-auto max-w-7xl px-5">
        <SectionHeading id="browse-title" kicker="SEARCH" title="条件から物件を探す" />
        <div className="grid gap-5 lg:grid-cols-2">
          <BrowseBlock title="おすすめエリア" id="browse-areas">
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {HOME_AREAS.map((a) => (
                <li key={a.path}>
                  <Tile link={a} sub={townLines[a.name]} />
                </li>
              ))}
            </ul>
          </BrowseBlock>
          <BrowseBlock title="物件種別" id="browse-types">
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {HOME_TYPES.map((t) => (
                <li key={t.path}>
                  <Tile link={t} />
                </li>
              ))}
            </ul>
          </BrowseBlock>
          <BrowseBlock title="建物構造" id="browse-structures">
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {HOME_STRUCTURES.map((s) => {
                const life = structureLife.get(s.name);
                return (
                  <li key={s.path}>
                    <Tile link={s} sub={life ? `法定耐用年数 ${life}年` : undefined} />
                  </li>
                );
              })}
            </ul>
          </BrowseBlock>
          <BrowseBlock title="おすすめ条件" id="browse-features">
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {HOME_FEATURES.map((f) => (
                <li key={f.path}>
                  <Tile link={f} sub={featureNote.get(f.name) ?? undefined} />
                </li>
              ))}
            </ul>
          </BrowseBlock>
        </div>
      </div>
    </section>
  );
}

function BrowseBlock({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-white p-5 shadow-sm sm:p-6">
      <h3 id={id} className="mb-4 flex items-center gap-2 text-base font-bold tracking-wider">
        <span className="h-4 w-1 rounded-full bg-gold" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Tile({ link, sub }: { link: NavLink; sub?: string }) {
  return (
    <Link
      href={link.path}
      prefetch={false}
      className="group flex h-full items-center justify-between gap-1.5 rounded-md border border-border px-3 py-2.5 sm:gap-2 sm:px-3.5 transition-colors hover:border-gold hover:bg-gold-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
    >
      <span className="min-w-0">
        <span className="block text-[0.8125rem] font-bold tracking-normal [word-break:keep-all] group-hover:text-gold-700 sm:text-sm">{link.name}</span>
        {sub && <span className="block truncate text-[0.7rem] text-primary-500">{sub}</span>}
      </span>
      <ChevronRight className="size-4 shrink-0 text-primary-300 group-hover:text-gold-600" aria-hidden="true" />
    </Link>
  );
}
