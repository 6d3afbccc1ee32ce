"use client";

import { Clock, Phone } from "@/components/icons";
import type { RefObject } from "react";
import { Popover, PopoverAnchor, PopoverContent } from "@/components/ui/popover";
import { SITE } from "@/lib/constants/site";
import { TEL_HREF } from "./links";

/** The phone popover's content (contact-popover.tsx renders its trigger and loads this when first opened). */
export function ContactPopoverPanel({
  holidayNote,
  open,
  onOpenChange,
  anchor,
  returnFocus,
  keepOpenOnTrigger,
}: {
  holidayNote?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLButtonElement | null>;
  returnFocus: (e: Event) => void;
  keepOpenOnTrigger: (e: { target: EventTarget | null; preventDefault: () => void }) => void;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <PopoverContent align="end" className="w-72" onCloseAutoFocus={returnFocus} onInteractOutside={keepOpenOnTrigger}>
        <p className="text-xs font-bold tracking-wider text-gold-600">お電話でのお問い合わせ</p>
        <a
          href={TEL_HREF}
          className="mt-1 flex items-center gap-2 rounded-md text-2xl font-bold tracking-wider text-primary hover:text-gold-600 focus-visible:outline-2 focus-visible:outline-gold-500"
        >
          <Phone className="size-5 text-gold-600" aria-hidden="true" />
          <span className="tabular">{SITE.tel}</span>
        </a>
        <dl className="mt-3 space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="flex items-center gap-1 text-primary-500">
              <Clock className="size-3.5" aria-hidden="true" />
              営業時間
            </dt>
            <dd className="font-bold">{SITE.hours.label}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="pl-[1.125rem] text-primary-500">定休日</dt>
            <dd className="font-bold">{SITE.holidays}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs leading-relaxed text-primary-500">{holidayNote || SITE.holidayNote}</p>
      </PopoverContent>
    </Popover>
  );
}
