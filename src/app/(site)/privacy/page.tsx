import { CmsPage, cmsPageMetadata, UpdatedAt } from "@/components/content/cms-page";
import { SITE } from "@/lib/constants/site";

export const generateMetadata = () => cmsPageMetadata("privacy");

export default function PrivacyPage() {
  return (
    <CmsPage pageKey="privacy" cta={false} width="narrow">
      <UpdatedAt pageKey="privacy" />
      <p className="mt-1 text-right text-sm text-primary-700">{SITE.corporateName}</p>
    </CmsPage>
  );
}
