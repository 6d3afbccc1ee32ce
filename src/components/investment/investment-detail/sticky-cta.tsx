import Link from "next/link";
import { Mail, Phone } from "@/components/icons";
import { TEL_HREF } from "@/components/site-chrome/links";
import { Button } from "@/components/ui/button";
import { SITE } from "@/lib/constants/site";
import { GOLD_TEXT } from "../gold";
import { inquiryHref } from "./facts";

/** The phone and inquiry bar pinned to the bottom on narrow screens. */
export function StickyInquiryBar({ investmentId }: { investmentId: number }) {
  return (
    <div
      className="sticky bottom-0 z-30 grid grid-cols-[auto_1fr] gap-2 border-t border-border bg-white/95 p-2.5 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
      data-slot="sticky-cta"
    >
      <Button asChild variant="outline" size="lg" className="px-3 text-sm">
        <a href={TEL_HREF} aria-label={`電話で問い合わせる ${SITE.tel}`}>
          <Phone aria-hidden="true" />
          電話
        </a>
      </Button>
      <Button asChild variant="gold" size="lg" className={`min-w-0 px-3 text-sm ${GOLD_TEXT}`}>
        <Link href={inquiryHref(investmentId)}>
          <Mail aria-hidden="true" />
          この物件について問い合わせる
        </Link>
      </Button>
    </div>
  );
}
