import { Award, Quote } from "@/components/icons";
import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { loadPage } from "@/components/content/data";
import { staffProfilesOf } from "@/server/cms";

export const generateMetadata = () => cmsPageMetadata("staff");

export default async function StaffPage() {
  const staff = staffProfilesOf(await loadPage("staff"));
  return (
    <CmsPage pageKey="staff">
      <ul className="mt-12 grid gap-6 md:grid-cols-2" aria-label="スタッフ一覧">
        {staff.map((s) => (
          <li key={s.name} className="flex flex-col rounded-xl border border-border bg-white p-6 shadow-sm">
            <div className="flex items-center gap-4">
              {s.photo ? (
                // Staff portraits are plain stored files; no optimisation needed at this size.
                // eslint-disable-next-line @next/next/no-img-element
                <img src={s.photo} alt="" width={72} height={72} className="size-18 shrink-0 rounded-full object-cover" />
              ) : (
                <span className="flex size-18 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-bold text-gold-300" aria-hidden="true">
                  {s.name.slice(0, 1)}
                </span>
              )}
              <div className="min-w-0">
                {s.role && <p className="text-xs font-bold text-gold-700">{s.role}</p>}
                <h2 className="text-xl font-bold tracking-wider text-primary">{s.name}</h2>
                {s.kana && <p className="text-xs tracking-wider text-primary-500">{s.kana}</p>}
              </div>
            </div>
            {s.licenses.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={`${s.name}の保有資格`}>
                {s.licenses.map((l) => (
                  <li
                    key={l}
                    className="inline-flex items-center gap-1 rounded-sm border border-gold-300 bg-gold-50 px-2 py-0.5 text-xs font-bold text-gold-800"
                  >
                    <Award className="size-3" aria-hidden="true" />
                    {l}
                  </li>
                ))}
              </ul>
            )}
            {s.career && <p className="mt-4 text-sm leading-relaxed text-primary-700">{s.career}</p>}
            {s.message && (
              <blockquote className="mt-4 flex gap-2 rounded-lg bg-muted p-4 text-sm leading-relaxed text-primary-700">
                <Quote className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
                <p>{s.message}</p>
              </blockquote>
            )}
          </li>
        ))}
      </ul>
    </CmsPage>
  );
}
