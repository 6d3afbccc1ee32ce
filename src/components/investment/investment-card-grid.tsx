import { cn } from "@/lib/cn";
import type { CardActionsMode } from "./card-actions";
import { InvestmentCard, type HomeCard } from "./investment-card";

/**
 * A grid of listing cards. A server component (issue 21): as a client component
 * it shipped the cards and the code tables behind their labels (structure, type …) as
 * JavaScript; now only the thumbnails' error fallback is a client island.
 */
export function InvestmentCardGrid({
  cards,
  eager = 0,
  className,
  actions,
  "data-slot": dataSlot,
}: {
  cards: readonly HomeCard[];
  /** The heart and compare tick on each card (the list page). */
  actions?: CardActionsMode;
  /** How many leading cards load their picture eagerly (above the fold). */
  eager?: number;
  className?: string;
  "data-slot"?: string;
}) {
  return (
    <ul className={cn("grid gap-3 sm:grid-cols-2 sm:gap-4", className)} data-slot={dataSlot}>
      {cards.map((card, i) => (
        <li key={card.locked ? card.key : card.id} className="flex [&>article]:w-full">
          <InvestmentCard card={card} eager={i < eager} actions={actions} />
        </li>
      ))}
    </ul>
  );
}
