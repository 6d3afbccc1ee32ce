import Link from "next/link";
import { investmentHref } from "@/components/investment/links";
import { Badge } from "@/components/ui/badge";
import { typeName } from "@/lib/constants/listing-kinds";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";

const viewedFmt = new Intl.DateTimeFormat("ja-JP", { month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Asia/Tokyo" });

/**
 * 閲覧履歴: the listings a member viewed, newest first, each as it is now (today's price, 値下げ,
 * 会員限定); the server has already dropped those no longer visible. Server component.
 */
/** What the list reads of member.views.list's cards. */
interface ViewedCard {
  id: number;
  name: string;
  type_cd: number;
  /** 万円 */
  price: number;
  yield: number | null;
  members: boolean;
  price_down: boolean;
}

export function ViewHistoryList({ views }: { views: readonly { card: ViewedCard; viewed_at: Date }[] }) {
  return (
    <ul className="grid gap-2 text-sm" data-slot="view-history">
      {views.map(({ card, viewed_at }) => (
        <li key={card.id} className="grid gap-x-3 gap-y-0.5 border-t border-border pt-2 first:border-0 first:pt-0 sm:grid-cols-[minmax(0,1fr)_auto]">
          <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
            <Link href={investmentHref(card.id)} className="min-w-0 break-words font-bold underline-offset-4 hover:underline">
              {card.name}
            </Link>
            {card.members && <Badge variant="outline">会員限定</Badge>}
            {card.price_down && <Badge variant="error">値下げ</Badge>}
          </span>
          <span className="tabular text-primary-700 sm:text-right">
            {[typeName(card.type_cd), formatPrice(card.price), card.yield !== null ? `${yieldLabel("gross")}${card.yield.toFixed(2)}%` : null]
              .filter(Boolean)
              .join("／")}
          </span>
          <time dateTime={viewed_at.toISOString()} className="text-xs text-muted-foreground sm:col-span-2">
            {viewedFmt.format(viewed_at)} に閲覧
          </time>
        </li>
      ))}
    </ul>
  );
}
