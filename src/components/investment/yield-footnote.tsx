import { cn } from "@/lib/cn";
import { yieldFootnote, type YieldKind } from "@/lib/yield-wording";

/**
 * The one 利回り footnote a page prints under what it shows (the labels carry
 * the ※ marker): text from src/lib/yield-wording.ts. A server component, a
 * few hundred bytes once per page, so cards stay light.
 */
export function YieldFootnote({
  kinds = ["gross"],
  vacant,
  className,
}: {
  kinds?: readonly YieldKind[];
  /** "listing": this listing's 想定年収 counts vacant units; "list": a list's general sentence. */
  vacant?: "listing" | "list";
  className?: string;
}) {
  return (
    <p className={cn("text-xs leading-relaxed text-primary-500", className)} data-slot="yield-footnote">
      {yieldFootnote(kinds, { vacant })}
    </p>
  );
}
