import { CmsPage, cmsPageMetadata, UpdatedAt } from "@/components/content/cms-page";
import { SITE } from "@/lib/constants/site";

export const generateMetadata = () => cmsPageMetadata("antisocial");

export default function AntisocialPage() {
  return (
    <CmsPage pageKey="antisocial" cta={false} width="narrow">
      <UpdatedAt pageKey="antisocial" />
      <p className="mt-1 text-right text-sm text-primary-700">{SITE.corporateName}</p>
    </CmsPage>
  );
}
