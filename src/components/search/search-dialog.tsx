"use client";

import { Search } from "@/components/icons";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";
import type { LoginStateData, SiteCountsData } from "@/components/site-chrome/types";

export interface SearchDialogProps {
  /** Login state rendered by the server (avoids a request and a flash). */
  session?: LoginStateData;
  counts?: SiteCountsData;
  /** Trigger label (the button that opens the dialog). */
  label?: string;
  triggerClassName?: string;
  triggerVariant?: "default" | "gold" | "outline";
}

// The panel calls procedures: it brings its own tRPC provider (list pages have none, issue 21).
const loadPanel = () => Promise.all([import("./search-dialog-panel"), import("@/trpc/react")]);
const SearchDialogPanel = dynamic(() => loadPanel().then(([m, { withApi }]) => withApi(m.SearchDialogPanel)), { ssr: false });

/**
 * The property search dialog (spec §2): its trigger button; the dialog and its code
 * (search-dialog-panel.tsx) load when it is first opened.
 */
export function SearchDialog({ session, counts, label = "物件を検索", triggerClassName, triggerVariant = "default" }: SearchDialogProps) {
  const dialog = useLazyOverlay(loadPanel);
  return (
    <>
      <Button variant={triggerVariant} className={triggerClassName} data-slot="search-dialog-trigger" {...dialog.trigger}>
        <Search aria-hidden="true" />
        {label}
      </Button>
      {dialog.mounted && <SearchDialogPanel session={session} counts={counts} open={dialog.open} onOpenChange={dialog.setOpen} returnFocus={dialog.returnFocus} />}
    </>
  );
}
