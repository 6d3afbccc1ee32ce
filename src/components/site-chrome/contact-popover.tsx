"use client";

import { Phone } from "@/components/icons";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";
import { cn } from "@/lib/cn";

const loadPanel = () => import("./contact-popover-panel");
const ContactPopoverPanel = dynamic(() => loadPanel().then((m) => m.ContactPopoverPanel), { ssr: false });

/**
 * Narrow screens: a phone button opening a popover with the number and business hours (spec §2).
 * The popover and its positioning code load when it is first opened.
 */
export function ContactPopover({ className, holidayNote }: { className?: string; holidayNote?: string }) {
  const popover = useLazyOverlay(loadPanel);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn("text-white hover:bg-white/10 hover:text-gold-300", className)}
        aria-label="電話番号と営業時間"
        {...popover.trigger}
      >
        <Phone className="size-5" aria-hidden="true" />
      </Button>
      {popover.mounted && (
        <ContactPopoverPanel
          holidayNote={holidayNote}
          open={popover.open}
          onOpenChange={popover.setOpen}
          anchor={popover.triggerRef}
          returnFocus={popover.returnFocus}
          keepOpenOnTrigger={popover.keepOpenOnTrigger}
        />
      )}
    </>
  );
}
