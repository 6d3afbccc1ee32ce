import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { SectionTitle } from "@/components/content/content-layout";
import { loadPage } from "@/components/content/data";
import { formatYearMonth } from "@/components/content/format";
import { Badge } from "@/components/ui/badge";
import { formatPrice, withCommas } from "@/lib/price";
import { salesRecordsOf, type SalesRecord } from "@/server/cms";
import { yieldFootnote, yieldLabel } from "@/lib/yield-wording";

export const generateMetadata = () => cmsPageMetadata("results");

const yieldText = (r: SalesRecord) => (r.yield === null ? "—" : `${r.yield.toFixed(2)}%`);

export default async function ResultsPage() {
  const records = salesRecordsOf(await loadPage("results"));
  const byType = new Map<string, number>();
  for (const r of records) byType.set(r.type, (byType.get(r.type) ?? 0) + 1);
  const totalMan = records.reduce((s, r) => s + r.price, 0);

  return (
    <CmsPage pageKey="results" width="wide">
      <section aria-labelledby="results-list" className="mt-12">
        <SectionTitle id="results-list">成約事例</SectionTitle>
        {records.length === 0 ? (
          <p className="mt-6 rounded-lg bg-muted px-4 py-10 text-center text-sm text-primary-600">掲載できる実績は準備中です。</p>
        ) : (
          <>
            <dl className="mt-6 grid gap-3 sm:grid-cols-3">
              <div className="rounded-lg border border-border bg-white p-4">
                <dt className="text-xs text-primary-500">掲載件数</dt>
                <dd className="mt-1 text-2xl font-bold">
                  <span className="tabular">{withCommas(String(records.length))}</span>
                  <span className="ml-1 text-sm">件</span>
                </dd>
              </div>
              <div className="rounded-lg border border-border bg-white p-4">
                <dt className="text-xs text-primary-500">成約価格の合計</dt>
                <dd className="tabular mt-1 text-2xl font-bold">{formatPrice(Math.round(totalMan))}</dd>
              </div>
              <div className="rounded-lg border border-border bg-white p-4">
                <dt className="text-xs text-primary-500">種別</dt>
                <dd className="mt-2 flex flex-wrap gap-1.5">
                  {[...byType].map(([type, n]) => (
                    <Badge key={type} variant="gold-outline">
                      {type} {n}件
                    </Badge>
                  ))}
                </dd>
              </div>
            </dl>

            {/* Wide screens: a table */}
            <div className="mt-8 hidden overflow-x-auto rounded-lg border border-border md:block">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">売買実績の一覧（新しい順）</caption>
                <thead className="bg-primary text-left text-white">
                  <tr>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 font-bold">
                      成約時期
                    </th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 font-bold">
                      種別
                    </th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 font-bold">
                      所在地
                    </th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 text-right font-bold">
                      価格
                    </th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 text-right font-bold">
                      {yieldLabel("gross")}
                    </th>
                    <th scope="col" className="whitespace-nowrap px-4 py-3 font-bold">
                      取引
                    </th>
                    <th scope="col" className="px-4 py-3 font-bold">
                      コメント
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r, i) => (
                    <tr key={`${r.date}-${i}`} className="border-t border-border odd:bg-white even:bg-muted/60">
                      <td className="tabular whitespace-nowrap px-4 py-3">{formatYearMonth(r.date)}</td>
                      <td className="whitespace-nowrap px-4 py-3 font-bold">{r.type}</td>
                      <td className="whitespace-nowrap px-4 py-3">{r.area}</td>
                      <td className="tabular whitespace-nowrap px-4 py-3 text-right font-bold">{formatPrice(r.price)}</td>
                      <td className="tabular whitespace-nowrap px-4 py-3 text-right">{yieldText(r)}</td>
                      <td className="whitespace-nowrap px-4 py-3">{r.kind ?? "—"}</td>
                      <td className="min-w-64 px-4 py-3 text-xs leading-relaxed text-primary-600">{r.comment}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>

            {/* Phones: cards */}
            <ul className="mt-6 grid gap-3 md:hidden" aria-label="売買実績の一覧（新しい順）">
              {records.map((r, i) => (
                <li key={`${r.date}-${i}`} className="rounded-lg border border-border bg-white p-4">
                  <div className="flex items-center justify-between gap-2">
                    <Badge variant="default">{r.type}</Badge>
                    <span className="tabular text-xs text-primary-500">{formatYearMonth(r.date)}成約</span>
                  </div>
                  <p className="mt-2 text-sm">{r.area}</p>
                  <dl className="mt-2 flex flex-wrap items-baseline gap-x-5 gap-y-1">
                    <div className="flex items-baseline gap-1.5">
                      <dt className="text-xs text-primary-500">価格</dt>
                      <dd className="tabular text-lg font-bold">{formatPrice(r.price)}</dd>
                    </div>
                    <div className="flex items-baseline gap-1.5">
                      <dt className="text-xs text-primary-500">{yieldLabel("gross")}</dt>
                      <dd className="tabular font-bold">{yieldText(r)}</dd>
                    </div>
                    {r.kind && (
                      <div className="flex items-baseline gap-1.5">
                        <dt className="text-xs text-primary-500">取引</dt>
                        <dd className="text-sm">{r.kind}</dd>
                      </div>
                    )}
                  </dl>
                  {r.comment && <p className="mt-2 border-t border-border pt-2 text-xs leading-relaxed text-primary-600">{r.comment}</p>}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-xs text-primary-500">
              ※ 物件の特定を避けるため、所在地は市区町村までの表示としています。利回りは成約時点の値です。{yieldFootnote(["gross"])}
            </p>
          </>
        )}
      </section>
    </CmsPage>
  );
}
