/**
 * ChipLink's "page-tile" look (the 404 page's suggested pages), in a file of its own: the 404
 * content is a client component in every page's scripts, and takes this look without the other
 * looks' strings or ChipLink's class merging (issue 21).
 */
export const PAGE_TILE_CLASS =
  "flex h-full items-center justify-center gap-2 rounded-lg border border-border bg-white px-3 py-3 text-sm font-bold text-primary-700 transition-colors hover:border-gold hover:text-gold-700";

export const PAGE_TILE_ICON_CLASS = "size-4 shrink-0 text-gold-700";
