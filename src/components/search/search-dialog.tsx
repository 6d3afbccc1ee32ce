"use client";

import { Search } from "@/components/icons";
import { lazy, Suspense } from "react";
import { PlainButton } from "@/components/ui/plain-button";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";
import type { LoginStateData, SiteCountsData } from "@/components/site-chrome/types";
import type { SearchResultsTarget } from "./results-href";

export interface SearchDialogProps {
  /** Login state rendered by the server (avoids a request and a flash). */
  session?: LoginStateData;
  counts?: SiteCountsData;
  /** Trigger label (the button that opens the dialog). */
  label?: string;
  triggerClassName?: string;
  triggerVariant?: "default" | "gold" | "outline";
  /**
   * Where the dialog's searches go (keyword, saved conditions, every listing):
   * the list by default; the map page passes itself, keeping its view.
   */
  results?: SearchResultsTarget;
}

// The panel calls procedures: it brings its own tRPC provider (list pages have none, issue 21).
const loadPanel = () => Promise.all([import("./search-dialog-panel"), import("@/trpc/react")]);
// React.lazy, not next/dynamic: mounted only after a click, never rendered on the server (issue 21).
const SearchDialogPanel = lazy(() => loadPanel().then(([m, { withApi }]) => ({ default: withApi(m.SearchDialogPanel) })));

/**
 * The property search dialog (spec §2): its trigger button; the dialog and its code
 * (search-dialog-panel.tsx) load when it is first opened.
 */
export function SearchDialog({ session, counts, label = "物件を検索", triggerClassName, triggerVariant = "default", results }: SearchDialogProps) {
  const dialog = useLazyOverlay(loadPanel);
  return (
    <>
      <PlainButton variant={triggerVariant} className={triggerClassName} data-slot="search-dialog-trigger" {...dialog.trigger}>
        <Search aria-hidden="true" />
        {label}
      </PlainButton>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <SearchDialogPanel
            session={session}
            counts={counts}
            results={results}
            open={dialog.open}
            onOpenChange={dialog.setOpen}
            returnFocus={dialog.returnFocus}
          />
        </Suspense>
      )}
    </>
  );
}
