import { manText, type SimResult } from "@/lib/simulator";

/** The year-by-year table under the chart (folded by default). */
export function ProjectionTable({ rows }: { rows: SimResult["projection"] }) {
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-primary-700">年次表を表示</summary>
      <div className="mt-2 max-h-64 overflow-auto">
        <table className="w-full text-right">
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                年
              </th>
              <th scope="col" className="px-2 py-1">
                NOI
              </th>
              <th scope="col" className="px-2 py-1">
                返済額
              </th>
              <th scope="col" className="px-2 py-1">
                キャッシュフロー
              </th>
              <th scope="col" className="px-2 py-1">
                借入残高
              </th>
              <th scope="col" className="px-2 py-1">
                累計（自己資金差引）
              </th>
            </tr>
          </thead>
          <tbody className="tabular">
            {rows.map((p) => (
              <tr key={p.year} className="border-t border-border">
                <th scope="row" className="px-2 py-1 text-left font-normal">
                  {p.year}年目
                </th>
                <td className="px-2 py-1">{manText(p.noi)}</td>
                <td className="px-2 py-1">{manText(p.debtService)}</td>
                <td className={p.cashFlow < 0 ? "px-2 py-1 text-error" : "px-2 py-1"}>{manText(p.cashFlow)}</td>
                <td className="px-2 py-1">{manText(p.balance)}</td>
                <td className={p.cumulative < 0 ? "px-2 py-1 text-error" : "px-2 py-1"}>{manText(p.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
