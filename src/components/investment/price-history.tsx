import { formerPriceText } from "@/lib/former-price";
import type { InvestmentDetail } from "@/server/investments";
import { dateText } from "./detail-format";

/**
 * 価格改定履歴 as the public may see it (表示規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示)): the dates
 * the price was changed, without amounts, and the one former price the rule
 * allows now (with its 公表日 and the 値下げ日), if any. Staff see every
 * amount in the admin area.
 */
export function PriceHistory({ history, former }: { history: InvestmentDetail["priceHistory"]; former: InvestmentDetail["former_price"] }) {
  if (history.length === 0) return null;
  return (
    <div className="grid gap-2 text-sm" data-slot="price-history">
      {former && (
        <p className="font-bold" data-slot="former-price">
          {formerPriceText(former)}
        </p>
      )}
      <ul className="grid gap-1 text-primary-700">
        {history.map((h, i) => (
          <li key={i}>{dateText(h.changed_at)} 価格変更</li>
        ))}
      </ul>
    </div>
  );
}
