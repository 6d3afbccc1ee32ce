import { LockKeyhole, MapPin, TrainFront } from "@/components/icons";
import { Badge } from "@/components/ui/badge";
import type { InvestmentDetail } from "@/server/investments";
import { transportText } from "../detail-format";
import { GOLD_BADGE_TEXT } from "../gold";
import { ScreeningFlags } from "../screening-flags";
import type { DetailFacts } from "./facts";

/** The title block: badges, screening flags, the listing's name, address and first transport. */
export function DetailHeader({ detail: d, facts: { type, address, priceCutShown, isNew }, now }: { detail: InvestmentDetail; facts: DetailFacts; now: Date }) {
  const firstTransport = d.transports[0];
  return (
    <header className="mx-auto max-w-7xl px-4 pb-4 pt-5 sm:px-5 md:pt-6">
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge>{type}</Badge>
        {d.members && (
          <Badge variant="gold" className={GOLD_BADGE_TEXT}>
            <LockKeyhole aria-hidden="true" />
            会員限定
          </Badge>
        )}
        {priceCutShown && <Badge variant="error">値下げ</Badge>}
        {isNew && <Badge variant="gold-outline">NEW</Badge>}
        {d.premium && <Badge variant="outline">おすすめ</Badge>}
        {d.no && <span className="ml-auto text-xs text-primary-500">物件番号 {d.no}</span>}
      </div>
      <ScreeningFlags listing={d} now={now} className="mt-2 flex flex-wrap gap-1.5" />
      <h1 className="mt-2 text-xl font-bold leading-snug tracking-wide md:text-[1.7rem]">{d.name}</h1>
      <p className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-primary-600">
        <span className="flex items-center gap-1">
          <MapPin className="size-4 text-gold-600" aria-hidden="true" />
          {address}
        </span>
        {firstTransport && (
          <span className="flex items-center gap-1">
            <TrainFront className="size-4 text-gold-600" aria-hidden="true" />
            {transportText(firstTransport)}
          </span>
        )}
      </p>
    </header>
  );
}
