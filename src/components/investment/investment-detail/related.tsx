import type { InvestmentDetail } from "@/server/investments";
import { InvestmentCard } from "../investment-card";

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
            <InvestmentCard card={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
