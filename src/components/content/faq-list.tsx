import { ChevronDown } from "@/components/icons";
import type { FaqItem } from "@/server/cms";

/**
 * FAQ accordion on native <details>/<summary>: keyboard and screen-reader
 * support for free, works without JavaScript, and every answer is in the HTML.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-white" data-slot="faq">
      {items.map((item, i) => (
        <details key={item.q} className="group" open={i === 0}>
          <summary className="flex cursor-pointer list-none items-start gap-3 px-5 py-4 font-bold text-primary transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-500 [&::-webkit-details-marker]:hidden">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-white" aria-hidden="true">
              Q
            </span>
            <span className="flex-1 pt-0.5 leading-relaxed">{item.q}</span>
            <ChevronDown className="mt-1 size-5 shrink-0 text-primary-400 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="flex gap-3 px-5 pb-5 pt-1">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gold-700 text-sm font-bold text-white" aria-hidden="true">
              A
            </span>
            <p className="flex-1 pt-0.5 text-sm leading-relaxed text-primary-700 md:text-[15px]">{item.a}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
