import { Clock, Phone } from "@/components/icons";
import type { ReactNode } from "react";
import { SITE } from "@/lib/constants/site";
import { TEL_HREF } from "./links";

const ID = "contact-popover";

/**
 * Narrow screens: a phone button opening the number and business hours (spec §2). An HTML popover
 * (issue 21): the browser opens and dismisses it with no script, so it works on pages served without
 * React. It hangs under the header's right end, where the button is on every width that shows it.
 * The button's classes (merged on the server) and its icon come from the header.
 */
export function ContactPopover({ holidayNote, triggerClassName, children }: { holidayNote?: string; triggerClassName: string; children: ReactNode }) {
  return (
    <>
      <button type="button" data-slot="button" className={triggerClassName} aria-label="電話番号と営業時間" popoverTarget={ID}>
        {children}
      </button>
      <div
        id={ID}
        popover="auto"
        role="dialog"
        aria-label="電話番号と営業時間"
        className="fixed top-[4.75rem] right-3 bottom-auto left-auto m-0 hidden w-72 max-w-[calc(100vw-1.5rem)] rounded-md border border-border bg-white p-4 text-primary shadow-md open:block open:animate-zoom-in"
      >
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
      </div>
    </>
  );
}
