import { Clock, ExternalLink, MapPin, Phone, Printer } from "@/components/icons";
import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { SectionTitle } from "@/components/content/content-layout";
import { loadPage } from "@/components/content/data";
import { JsonLd } from "@/components/seo/json-ld";
import { TEL_HREF } from "@/components/site-chrome/links";
import { SITE } from "@/lib/constants/site";
import { organizationJsonLd } from "@/lib/seo-jsonld";
import { env } from "@/server/env";
import { corporateRowsOf } from "@/server/cms";
import { api } from "@/trpc/server";

export const generateMetadata = () => cmsPageMetadata("corporate");

const FULL_ADDRESS = `〒${SITE.postalCode} ${SITE.address}`;

export default async function CorporatePage() {
  const [page, holidayNote] = await Promise.all([loadPage("corporate"), api.public.options.holidayNote().catch(() => "")]);
  const rows = corporateRowsOf(page);
  const { APP_URL, GOOGLE_MAPS_API_KEY } = env();
  const mapQuery = encodeURIComponent(SITE.address);
  return (
    <CmsPage
      pageKey="corporate"
      before={
        <section aria-labelledby="corporate-overview">
          <SectionTitle id="corporate-overview">会社概要</SectionTitle>
          <table className="mt-6 w-full border-collapse overflow-hidden rounded-lg border border-border text-sm md:text-[15px]">
            <tbody>
              {(rows.length ? rows : [{ label: "商号", value: SITE.corporateName }]).map((r) => (
                <tr key={r.label} className="border-b border-border last:border-b-0 max-sm:flex max-sm:flex-col">
                  <th scope="row" className="w-44 bg-muted px-4 py-3 text-left align-top font-bold text-primary-700 max-sm:w-full max-sm:py-2">
                    {r.label}
                  </th>
                  <td className="px-4 py-3 leading-relaxed">{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      }
    >
      <section aria-labelledby="corporate-access" className="mt-14">
        <SectionTitle id="corporate-access">所在地・連絡先</SectionTitle>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <address className="space-y-3 rounded-lg border border-border bg-white p-6 text-sm not-italic leading-relaxed">
            <p className="font-bold text-primary">{SITE.corporateName}</p>
            <p className="flex gap-2">
              <MapPin className="mt-1 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span>{FULL_ADDRESS}</span>
            </p>
            <p className="flex gap-2">
              <Phone className="mt-1 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span>
                TEL{" "}
                <a href={TEL_HREF} className="tabular font-bold hover:text-gold-700">
                  {SITE.tel}
                </a>
              </span>
            </p>
            <p className="flex gap-2">
              <Printer className="mt-1 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span>
                FAX <span className="tabular">{SITE.fax}</span>
              </span>
            </p>
            <p className="flex gap-2">
              <Clock className="mt-1 size-4 shrink-0 text-gold-700" aria-hidden="true" />
              <span>
                営業時間 {SITE.hours.label}／定休日 {SITE.holidays}
                <span className="mt-1 block text-xs text-primary-500">{holidayNote || SITE.holidayNote}</span>
              </span>
            </p>
            <p>
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${mapQuery}`}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 font-bold text-gold-700 underline underline-offset-4 hover:text-gold-800"
              >
                Googleマップで見る
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">（新しいタブで開きます）</span>
              </a>
            </p>
          </address>
          {GOOGLE_MAPS_API_KEY ? (
            <iframe
              title={`${SITE.corporateName}の地図`}
              src={`https://www.google.com/maps/embed/v1/place?key=${encodeURIComponent(GOOGLE_MAPS_API_KEY)}&q=${mapQuery}&language=ja`}
              className="aspect-[4/3] w-full rounded-lg border border-border"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          ) : (
            <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-primary-200 bg-muted p-6 text-center text-sm text-primary-600">
              <MapPin className="size-8 text-gold-700" aria-hidden="true" />
              <p>{SITE.address}</p>
              <p className="text-xs">地図は「Googleマップで見る」からご覧ください。</p>
            </div>
          )}
        </div>
      </section>
      <JsonLd data={organizationJsonLd(APP_URL)} />
    </CmsPage>
  );
}
