import { Clock, MapPin, Phone, Printer } from "@/components/icons";
import Link from "next/link";
import { FOOTER_LINKS, LEGAL_LINKS, SITE, type NavLink } from "@/lib/constants/site";
import { TEL_HREF } from "./links";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icons";

/**
 * Site footer (spec §2): contact block (address, licence, phone, fax, hours,
 * holidays), the corporate / main / other link lists, /terms and /privacy,
 * and the three social links.
 *
 * A server component (no state, no handlers): its markup travels in the page's
 * payload, a few hundred compressed bytes, instead of its code and icons being
 * downloaded and run on every page (issue 21). The 404 page, a client tree,
 * imports it as a client component.
 */
export function Footer({ holidayNote }: { holidayNote?: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto bg-primary text-primary-100" data-slot="site-footer">
      <div className="h-1 bg-gradient-to-r from-gold-600 via-gold-300 to-gold-600" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl gap-10 px-5 py-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <section aria-labelledby="footer-contact" className="min-w-0">
          <Logo />
          <h2 id="footer-contact" className="sr-only">
            会社情報・お問い合わせ先
          </h2>
          <p className="mt-4 text-sm font-bold text-white">{SITE.corporateName}</p>
          <address className="mt-3 space-y-2 text-sm not-italic leading-relaxed">
            <p className="flex gap-2">
              <MapPin className="mt-1 size-4 shrink-0 text-gold-300" aria-hidden="true" />
              <span>
                〒{SITE.postalCode}
                <br />
                {SITE.address}
              </span>
            </p>
            <p className="flex flex-wrap items-center gap-x-5 gap-y-1">
              <a href={TEL_HREF} className="flex items-center gap-2 hover:text-gold-300">
                <Phone className="size-4 text-gold-300" aria-hidden="true" />
                <span>
                  TEL <span className="tabular text-lg font-bold tracking-wider text-white">{SITE.tel}</span>
                </span>
              </a>
              <span className="flex items-center gap-2">
                <Printer className="size-4 text-gold-300" aria-hidden="true" />
                <span>
                  FAX <span className="tabular">{SITE.fax}</span>
                </span>
              </span>
            </p>
            <p className="flex gap-2">
              <Clock className="mt-1 size-4 shrink-0 text-gold-300" aria-hidden="true" />
              <span>
                営業時間 {SITE.hours.label}　定休日 {SITE.holidays}
                <span className="mt-1 block text-xs text-primary-300">{holidayNote || SITE.holidayNote}</span>
              </span>
            </p>
          </address>
          <p className="mt-4 border-t border-white/10 pt-3 text-xs text-primary-300">{SITE.licence}</p>

          <ul className="mt-5 flex gap-3" aria-label="公式SNS">
            {SITE.social.map((s) => (
              <li key={s.key}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.name}（新しいタブで開きます）`}
                  className="flex size-10 items-center justify-center rounded-full border border-white/20 text-primary-100 transition-colors hover:border-gold hover:bg-gold hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
                >
                  <SocialIcon name={s.key} className="size-[18px]" />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-label="フッターメニュー" className="grid min-w-0 grid-cols-2 gap-x-6 gap-y-8 sm:grid-cols-3">
          <FooterList title="物件・サービス" links={FOOTER_LINKS.main} />
          <FooterList title="会社情報" links={FOOTER_LINKS.corporate} />
          <FooterList title="お問い合わせ・その他" links={FOOTER_LINKS.other} />
        </nav>
      </div>

      <div className="border-t border-white/10 bg-primary-950">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-5 py-4 text-xs text-primary-300 sm:flex-row">
          <ul className="flex gap-5">
            {LEGAL_LINKS.map((l) => (
              <li key={l.path}>
                <Link href={l.path} prefetch={false} className="hover:text-gold-300 hover:underline">
                  {l.name}
                </Link>
              </li>
            ))}
          </ul>
          <p>
            <small className="text-xs" suppressHydrationWarning>
              © {year} {SITE.corporateNameEn}
            </small>
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterList({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div className="min-w-0">
      <h2 className="mb-3 text-xs font-bold tracking-[0.15em] text-gold-300">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.path}>
            <Link href={l.path} prefetch={false} className="transition-colors hover:text-gold-300 hover:underline">
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
