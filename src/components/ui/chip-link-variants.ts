import { cva, type VariantProps } from "class-variance-authority";
import { PAGE_TILE_CLASS, PAGE_TILE_ICON_CLASS } from "./page-tile";

/**
 * The site's navigation links and chips: one look per place they appear (header menu, hero chips
 * and entries, side menu, search entries and refinements, search-condition chips, 404 tiles), so
 * a list of links is `items.map(… <ChipLink variant=…>)` instead of a copied class string.
 * A server component (no hooks): the places that mark the current link pass `active` themselves.
 * The looks are here, apart from ChipLink (./chip-link.tsx), so that a client component can take a
 * look without ChipLink's class merging (tailwind-merge) riding along (issue 21).
 */
export const chipLinkVariants = cva("", {
  variants: {
    variant: {
      /** The header's desktop menu row: gold underline growing on hover. */
      "menu-bar":
        "relative block px-3 py-2.5 text-[0.8rem] font-bold tracking-wider text-primary-100 transition-colors after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:scale-x-0 after:bg-gold after:transition-transform hover:text-gold-300 hover:after:scale-x-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400",
      /** Round chips on the dark hero (areas, types). */
      "hero-chip":
        "inline-flex h-9 items-center rounded-full border border-white/20 px-4 text-sm text-white transition-colors hover:border-gold hover:bg-gold hover:text-primary-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400",
      /** The hero's three search entries (icon in a gold circle). */
      "hero-entry":
        "group flex items-center gap-3 rounded-lg border border-white/15 bg-white/5 px-4 py-3 text-sm font-bold tracking-wider backdrop-blur-sm transition-colors hover:border-gold-400 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400",
      /** The search dialog's three search entries (icon in a dark circle, a line under the name). */
      "dialog-entry":
        "group flex h-full items-center gap-3 rounded-lg border border-primary-200 px-3 py-3 transition-colors hover:border-gold hover:bg-gold-50 focus-visible:outline-2 focus-visible:outline-gold-500 sm:flex-col sm:text-center",
      /** A row of the side menu's link lists (chevron at the end). */
      "menu-row": "menu-row", // a component class (globals.css): the side menu draws it per link
      /** Small bordered tiles (the side menu's member links). */
      tile: "rounded-md border border-border px-3 py-2 text-center hover:border-gold hover:text-gold-700",
      /** Bordered tiles with an icon (the search dialog's member links). */
      "icon-tile":
        "flex items-center justify-center gap-1.5 rounded-md border border-primary-200 bg-white px-3 py-2.5 font-bold hover:border-gold hover:text-gold-700",
      /** The 404 page's suggested pages. */
      "page-tile": PAGE_TILE_CLASS,
      /** The search entries on the list's dark refine header. */
      "refine-entry":
        "flex items-center gap-2 rounded-md px-2 py-2 text-sm font-bold text-white transition-colors hover:bg-white/10 hover:text-gold-300 focus-visible:outline-2 focus-visible:outline-gold-400",
      /** One-click refinements (a check box drawn in the link). */
      "refine-option": "refine-option", // a component class (globals.css): the refine panel draws ~40
      /** The search-method tabs above the search pages. */
      tab: "flex items-center gap-1.5 rounded-t-md border border-b-0 px-3 py-2.5 text-sm font-bold transition-colors sm:px-4",
      /** A condition of the current search (its link removes it). */
      "summary-chip":
        "group inline-flex max-w-full items-center gap-1 rounded-full border border-gold-300 bg-gold-50 py-1 pl-3 pr-1.5 text-xs font-bold text-primary-800 transition-colors hover:border-gold-500 hover:bg-gold-100 focus-visible:outline-2 focus-visible:outline-gold-500",
    },
    active: { true: "", false: "" },
  },
  compoundVariants: [
    { variant: "refine-option", active: true, className: "font-bold text-primary" },
    { variant: "tab", active: true, className: "border-border bg-white text-primary" },
    { variant: "tab", active: false, className: "border-transparent text-primary-600 hover:text-gold-700" },
  ],
});

export type ChipVariant = NonNullable<VariantProps<typeof chipLinkVariants>["variant"]>;

/** The leading icon's look per variant (variants without one take no icon). */
export const iconClass: Partial<Record<ChipVariant, string>> = {
  "icon-tile": "size-4",
  "page-tile": PAGE_TILE_ICON_CLASS,
  "refine-entry": "size-4 text-gold-300",
  tab: "size-4 text-gold-600",
};
