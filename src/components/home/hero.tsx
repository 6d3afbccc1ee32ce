import { Building2, MapPinned, SlidersHorizontal, TrainFront } from "@/components/icons";
import { ChipLink } from "@/components/ui/chip-link";
import { KeywordSearch } from "@/components/site-chrome/keyword-search";
import type { SiteCountsData } from "@/components/site-chrome/types";
import { HOME_AREAS, HOME_TYPES } from "@/lib/constants/home-links";
import { SITE } from "@/lib/constants/site";
import { withCommas } from "@/lib/price";

const ENTRIES = [
  { name: "エリアから探す", path: "/investments/search/area", icon: MapPinned },
  { name: "路線・駅から探す", path: "/investments/search/train", icon: TrainFront },
  { name: "こだわり条件から探す", path: "/investments/search/feature", icon: SlidersHorizontal },
] as const;

const taglineParts = SITE.tagline.split("、");

/** Home hero: tagline, keyword search, area and type quick links, search entry buttons. */
export function Hero({ counts }: { counts?: SiteCountsData }) {
  const total = counts ? counts.investment.public + counts.investment.members : undefined;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-primary-950 text-white">
      {/* Decorative backdrop: a soft light and a skyline of thin gold lines (CSS only, nothing to download). */}
      <div className="pointer-events-none absolute inset-0" aria-hidden="true">
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_20%_0%,rgba(184,147,47,0.22),transparent_55%),radial-gradient(ellipse_at_90%_100%,rgba(255,255,255,0.06),transparent_50%)]" />
        <div className="absolute inset-x-0 bottom-0 h-40 bg-[repeating-linear-gradient(90deg,rgba(255,255,255,0.018)_0_46px,transparent_46px_64px)] [mask-image:linear-gradient(to_top,black,transparent)]" />
      </div>

      <div className="relative mx-auto max-w-7xl px-5 pb-12 pt-10 sm:pb-16 sm:pt-14 lg:pb-20 lg:pt-16">
        <div className="max-w-3xl">
          <p className="text-xs font-bold tracking-[0.3em] text-gold-300">OSAKA · HYOGO · KYOTO</p>
          <h1 id="hero-title" className="mt-3 text-[1.7rem] font-bold leading-snug tracking-wider sm:text-4xl lg:text-[2.75rem]">
            {taglineParts.map((part, i) => (
              <span key={i}>
                {part}
                {i < taglineParts.length - 1 && (
                  <>
                    、<br className="sm:hidden" />
                  </>
                )}
              </span>
            ))}
          </h1>
          <p className="mt-4 max-w-2xl text-sm leading-relaxed text-primary-200 sm:text-base">
            大阪・兵庫・京都の一棟マンション・一棟アパート・ビル・区分マンションなど、関西の収益物件を厳選してご紹介します。
            {total !== undefined && (
              <>
                現在の掲載物件は<strong className="tabular mx-0.5 text-gold-300">{withCommas(String(total))}</strong>件です。
              </>
            )}
          </p>
        </div>

        <div className="mt-8 max-w-3xl">
          <KeywordSearch variant="hero" fromQuery={false} placeholder="駅名・市区町村・物件名など" label="キーワードで物件を探す" />
        </div>

        <div className="mt-8 grid gap-6 lg:grid-cols-2 lg:gap-10">
          <QuickLinks title="エリアから探す" links={HOME_AREAS} />
          <QuickLinks title="物件種別から探す" links={HOME_TYPES} />
        </div>

        <ul className="mt-8 grid gap-2 sm:grid-cols-3 sm:gap-3">
          {ENTRIES.map((e) => (
            <li key={e.path}>
              <ChipLink variant="hero-entry" href={e.path}>
                <span className="flex size-9 items-center justify-center rounded-full bg-gold/20 text-gold-300 group-hover:bg-gold group-hover:text-white">
                  <e.icon className="size-4" aria-hidden="true" />
                </span>
                {e.name}
              </ChipLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function QuickLinks({ title, links }: { title: string; links: readonly { name: string; path: string }[] }) {
  return (
    <div>
      <h2 className="mb-2.5 flex items-center gap-2 text-xs font-bold tracking-widest text-primary-300">
        <Building2 className="size-3.5 text-gold-400" aria-hidden="true" />
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.path}>
            <ChipLink variant="hero-chip" href={l.path}>
              {l.name}
            </ChipLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
