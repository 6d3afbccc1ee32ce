import type { InvestmentDetail } from "@/server/investments";
import { InvestmentCard } from "../investment-card";
import { MemberCashFlowNote, showsMemberCashFlow } from "../member-cf-note";

/** The cards' picture width (2 columns from sm, 4 from lg in an 80rem page; phones: investment-thumb.tsx). */
const RELATED_CARD_SIZES = "(min-width: 1280px) 298px, (min-width: 1024px) calc(25vw - 22px), (min-width: 640px) calc(50vw - 28px), 240px";

/** Listings of the same kind nearby (nothing when there are none). */
export function RelatedListings({ detail: d, type }: { detail: InvestmentDetail; type: string }) {
  if (d.related.length === 0) return null;
  return (
    <section aria-labelledby="detail-related">
      <h2 id="detail-related" className="mb-4 border-l-4 border-gold pl-3 text-lg font-bold md:text-xl">
        {d.area_name ?? d.city_name ?? "周辺"}の{type}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {d.related.map((card) => (
          <li key={card.id} className="flex [&>article]:w-full">
            <InvestmentCard card={card} sizes={RELATED_CARD_SIZES} />
          </li>
        ))}
      </ul>
      {showsMemberCashFlow(d.related) && <MemberCashFlowNote className="mt-3" />}
    </section>
  );
}
