"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";

const loadPanel = () => import("./contact-popover-panel");
// React.lazy, not next/dynamic: mounted only after a click, never rendered on the server.
const ContactPopoverPanel = lazy(() => loadPanel().then((m) => ({ default: m.ContactPopoverPanel })));

/**
 * Narrow screens: a phone button opening a popover with the number and business hours (spec §2).
 * The popover and its positioning code load when it is first opened. The button's classes
 * (merged on the server) and its icon come from the server header.
 */
export function ContactPopover({ holidayNote, triggerClassName, children }: { holidayNote?: string; triggerClassName: string; children: ReactNode }) {
  const popover = useLazyOverlay(loadPanel);
  return (
    <>
      <button data-slot="button" className={triggerClassName} aria-label="電話番号と営業時間" {...popover.trigger}>
        {children}
      </button>
      {popover.mounted && (
        <Suspense fallback={null}>
          <ContactPopoverPanel
            holidayNote={holidayNote}
            open={popover.open}
            onOpenChange={popover.setOpen}
            anchor={popover.triggerRef}
            returnFocus={popover.returnFocus}
            keepOpenOnTrigger={popover.keepOpenOnTrigger}
          />
        </Suspense>
      )}
    </>
  );
}
