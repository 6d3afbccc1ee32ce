import { CmsPage, cmsPageMetadata, UpdatedAt } from "@/components/content/cms-page";
import { SITE } from "@/lib/constants/site";

export const generateMetadata = () => cmsPageMetadata("terms");

export default function TermsPage() {
  return (
    <CmsPage pageKey="terms" cta={false} width="narrow">
      <UpdatedAt pageKey="terms" />
      <p className="mt-1 text-right text-sm text-primary-700">{SITE.corporateName}</p>
    </CmsPage>
  );
}
