import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { SectionTitle } from "@/components/content/content-layout";
import { loadPage } from "@/components/content/data";
import { advantagePointsOf } from "@/server/cms";

export const generateMetadata = () => cmsPageMetadata("advantage");

export default async function AdvantagePage() {
  const points = advantagePointsOf(await loadPage("advantage"));
  return (
    <CmsPage pageKey="advantage">
      {points.length > 0 && (
        <section aria-labelledby="advantage-points" className="mt-14">
          <SectionTitle id="advantage-points">選ばれる{points.length}つの理由</SectionTitle>
          <ol className="mt-6 grid gap-5 sm:grid-cols-2">
            {points.map((p, i) => (
              <li key={p.title} className="relative overflow-hidden rounded-xl border border-border bg-white p-6 shadow-sm">
                <span className="tabular text-3xl font-bold text-gold-700" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-2 text-lg font-bold text-primary">{p.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-primary-600">{p.body}</p>
                <span className="absolute inset-x-0 bottom-0 h-1 bg-gradient-to-r from-gold-600 to-gold-300" aria-hidden="true" />
              </li>
            ))}
          </ol>
        </section>
      )}
    </CmsPage>
  );
}
