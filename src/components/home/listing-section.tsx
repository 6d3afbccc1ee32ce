import { InvestmentCard } from "@/components/investment/investment-card";
import { cn } from "@/lib/cn";
import type { HomeCard } from "@/server/investments";
import { SectionHeading } from "./section-heading";

/** The cards' picture width in this grid (2 columns from sm, 3 from lg, 4 from xl in an 80rem page; phones: investment-thumb.tsx). */
const HOME_CARD_SIZES = "(min-width: 1280px) 295px, (min-width: 1024px) calc(33vw - 26px), (min-width: 640px) calc(50vw - 30px), 240px";

/** A home-page section of listing cards in a responsive grid. */
export function ListingSection({
  id,
  kicker,
  title,
  cards,
  moreHref,
  className,
}: {
  id: string;
  kicker: string;
  title: string;
  cards: HomeCard[];
  moreHref?: string;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("py-12 sm:py-16", className)} data-section={id}>
      <div className="mx-auto max-w-7xl px-5">
        <SectionHeading id={id} kicker={kicker} title={title} moreHref={moreHref} moreLabel="物件一覧を見る" />
        {cards.length === 0 ? (
          <p className="rounded-lg border border-dashed border-primary-200 bg-white px-4 py-10 text-center text-sm text-primary-500">
            現在掲載中の物件はありません。
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
            {cards.map((card) => (
              <li key={card.locked ? card.key : card.id} className="flex [&>article]:w-full">
                <InvestmentCard card={card} sizes={HOME_CARD_SIZES} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
