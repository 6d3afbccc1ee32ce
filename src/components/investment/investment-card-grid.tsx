"use client";

import { cn } from "@/lib/cn";
import { InvestmentCard, type HomeCard } from "./investment-card";

/**
 * A grid of listing cards. A client component on purpose: the server sends
 * the cards' data (a few hundred bytes each) instead of their rendered element
 * trees, which roughly halves the RSC payload of a list page and the server's
 * work to produce it; the HTML is server-rendered all the same.
 */
export function InvestmentCardGrid({
  cards,
  eager = 0,
  className,
  "data-slot": dataSlot,
}: {
  cards: readonly HomeCard[];
  /** How many leading cards load their picture eagerly (above the fold). */
  eager?: number;
  className?: string;
  "data-slot"?: string;
}) {
  return (
    <ul className={cn("grid gap-3 sm:grid-cols-2 sm:gap-4", className)} data-slot={dataSlot}>
      {cards.map((card, i) => (
        <li key={card.locked ? card.key : card.id} className="flex [&>article]:w-full">
          <InvestmentCard card={card} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
