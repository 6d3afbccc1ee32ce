import Link from "next/link";
import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { loadPage } from "@/components/content/data";
import { FaqList } from "@/components/content/faq-list";
import { JsonLd } from "@/components/seo/json-ld";
import { faqPageJsonLd } from "@/lib/seo-jsonld";
import { faqItemsOf } from "@/server/cms";

export const generateMetadata = () => cmsPageMetadata("faq");

export default async function FaqPage() {
  const items = faqItemsOf(await loadPage("faq"));
  return (
    <CmsPage pageKey="faq" width="narrow">
      <section aria-label="質問と回答" className="mt-10">
        {items.length > 0 ? <FaqList items={items} /> : <p className="text-sm text-primary-600">ただいま準備中です。</p>}
        <p className="mt-6 text-sm text-primary-600">
          解決しない場合は
          <Link href="/contacts/other" className="mx-1 font-bold text-gold-700 underline underline-offset-4">
            お問い合わせフォーム
          </Link>
          からお気軽にご連絡ください。
        </p>
      </section>
      <JsonLd data={faqPageJsonLd(items)} />
    </CmsPage>
  );
}
