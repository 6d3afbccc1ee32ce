import { Clock, Mail, Phone } from "@/components/icons";
import Link from "next/link";
import { TEL_HREF } from "@/components/site-chrome/links";
import { Button } from "@/components/ui/button";
import { SITE } from "@/lib/constants/site";
import { cn } from "@/lib/cn";

/** Closing call to action of the content pages: phone, hours and the consultation form. */
export function ContactCta({ className, title = "収益物件のご購入・ご売却のご相談はお気軽に" }: { className?: string; title?: string }) {
  return (
    <section aria-labelledby="contact-cta-title" className={cn("mt-14 overflow-hidden rounded-xl bg-primary text-white", className)}>
      <div className="h-1 bg-gradient-to-r from-gold-600 via-gold-300 to-gold-600" aria-hidden="true" />
      <div className="grid gap-6 px-6 py-8 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:px-10">
        <div>
          <p className="text-xs font-bold tracking-[0.3em] text-gold-300" aria-hidden="true">
            CONTACT
          </p>
          <h2 id="contact-cta-title" className="mt-1 text-lg font-bold tracking-wider md:text-xl">
            {title}
          </h2>
          <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-primary-100">
            <a href={TEL_HREF} className="flex items-center gap-1.5 hover:text-gold-300">
              <Phone className="size-4 text-gold-300" aria-hidden="true" />
              <span className="tabular text-lg font-bold tracking-wider text-white">{SITE.tel}</span>
            </a>
            <span className="flex items-center gap-1.5">
              <Clock className="size-4 text-gold-300" aria-hidden="true" />
              {SITE.hours.label}（{SITE.holidays}休）
            </span>
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row md:flex-col">
          <Button asChild variant="gold" size="lg" className="bg-gold-700 px-8 text-white hover:bg-gold-800">
            <Link href="/contacts/consult">
              <Mail aria-hidden="true" />
              投資のご相談
            </Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="border-white/30 bg-transparent px-8 text-white hover:border-white hover:bg-white/10">
            <Link href="/sell">売却査定のご依頼</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
