import { Building2, LockKeyhole, MapPin, TrainFront } from "@/components/icons";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatAge } from "@/lib/age";
import { cn } from "@/lib/cn";
import { typeName } from "@/lib/constants/investment";
import { formatMan } from "@/lib/man-yen";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";
import type { HomeCard, InvestmentCard as InvestmentCardData } from "@/server/investments";
import { CardActions, type CardActionsMode } from "./card-actions";
import { InvestmentThumb } from "./investment-thumb";
import { investmentHref } from "./links";
import { GOLD_BADGE_TEXT, GOLD_TEXT } from "./gold";
import { listAreaText, structureText, unitsText } from "./detail-format";
import { DealLine } from "./deal-check";

export type { HomeCard, InvestmentCardData };

/** "7.25%" (two decimals, as portals print yields); null → "—". */
export function formatYieldPercent(y: number | null | undefined): string {
  return typeof y === "number" && Number.isFinite(y) ? `${y.toFixed(2)}%` : "—";
}

/**
 * A member's 月間CF (issue 33) in 万円 to one decimal, signed: "+12.3万円", "-4.0万円"; null → "—"
 * (the listing has no NOI). Rounded as the simulator's figures (lib/simulator manText).
 */
export function monthlyCashFlowText(yen: number | null | undefined): string {
  return formatMan(yen, { sign: "always" });
}

/** "JR東海道本線「尼崎」駅 徒歩5分" from the card's first transport and nearest walk. */
export function accessText(card: Pick<InvestmentCardData, "line_name" | "station_name" | "station_time">): string {
  const station = card.station_name ? `「${card.station_name.replace(/駅$/, "")}」駅` : "";
  const line = [card.line_name ?? "", station].join("");
  const walk = card.station_time != null ? `徒歩${card.station_time}分` : "";
  return [line, walk].filter(Boolean).join(" ");
}

/**
 * Listing card: thumbnail, type, area/city, name, access, price, yield and
 * building age. A LockedCard (members-only listing shown to a visitor)
 * renders only 会員限定物件 and a registration prompt.
 * Phone: thumbnail beside the text; sm and up: stacked.
 */
export function InvestmentCard({
  card,
  eager = false,
  sizes,
  className,
  actions,
}: {
  card: HomeCard;
  /** The heart and compare tick (the list page's cards); none elsewhere. */
  actions?: CardActionsMode;
  eager?: boolean;
  /** The picture's drawn width for `sizes` (the grid's); the list page's by default. */
  sizes?: string;
  className?: string;
}) {
  if (card.locked) return <LockedInvestmentCard className={className} />;

  const type = typeName(card.type_cd, card.type_other) ?? "物件";
  const place = [card.pref_name, card.city_name].filter(Boolean).join(" ");
  const access = accessText(card);
  const age = formatAge(card.built);
  const price = formatPrice(card.price);
  const area = listAreaText(card);
  // 構造・面積・戸数 on one line, as the portals' cards show them
  const facts = [structureText(card.structure_cd, card.structure_other), area ? `${area.label}${area.text}` : null, unitsText(card.total_units)].filter(
    Boolean,
  );

  return (
    <article className={cn("listing-card listing-card-live group", className)} data-slot="investment-card" data-investment-id={card.id}>
      <div className="listing-card-media bg-primary-100">
        <div className="listing-card-placeholder" aria-hidden="true">
          {!card.image && <Building2 className="size-10 sm:size-14" strokeWidth={1.25} />}
        </div>
        {card.image && <InvestmentThumb investmentId={card.id} name={card.image} alt={`${card.name}の外観`} sizes={sizes} eager={eager} />}
        {(card.members || card.price_down || card.leasehold) && (
          <div className="absolute left-2 top-2 flex flex-wrap gap-1">
            {card.members && (
              <Badge variant="gold" className={GOLD_BADGE_TEXT}>
                <LockKeyhole aria-hidden="true" />
                会員限定
              </Badge>
            )}
            {card.price_down && <Badge variant="error">値下げ</Badge>}
            {card.leasehold && (
              <Badge className="bg-primary-800" data-slot="leasehold-badge">
                借地
              </Badge>
            )}
          </div>
        )}
        <Badge className="absolute bottom-2 left-2 bg-primary/85 backdrop-blur-sm">{type}</Badge>
      </div>
      {/*
        One copy, in the article's top right corner (the article is the positioned box), above the
        card's stretched link (z-10): on a phone that is the text column's corner (the picture is too
        narrow beside its badges), from sm up the picture's, since the picture spans the card's top.
        It was drawn twice, once per breakpoint: 2.6 KB of markup and payload per card.
      */}
      {actions && <CardActions id={card.id} name={card.name} mode={actions} className="absolute right-2 top-2 z-10 flex gap-1.5" />}

      <div className="listing-card-body">
        {place && (
          <p className={cn("flex items-center gap-1 truncate text-xs text-primary-500", actions && "min-h-8 pr-[4.5rem] sm:min-h-0 sm:pr-0")}>
            <MapPin className="size-3.5 shrink-0 text-gold-600" aria-hidden="true" />
            <span className="truncate">{place}</span>
          </p>
        )}
        <h3 className="line-clamp-2 text-sm font-bold leading-snug sm:text-base">
          <Link href={investmentHref(card.id)} className="listing-card-link">
            {card.name}
          </Link>
        </h3>
        {access && (
          <p className="flex items-start gap-1 text-xs leading-snug text-primary-600">
            <TrainFront className="mt-px size-3.5 shrink-0 text-gold-600" aria-hidden="true" />
            <span className="line-clamp-2">{access}</span>
          </p>
        )}
        <dl className="listing-card-figures">
          <dt className="text-primary-500">価格</dt>
          <dd className="tabular whitespace-nowrap text-right text-lg font-bold leading-tight text-primary sm:text-xl">{price || "—"}</dd>
          {/* the label carries the mark; the page prints the footnote once (YieldFootnote) */}
          <dt className="text-primary-500">{yieldLabel("gross")}</dt>
          <dd className="tabular text-right text-sm font-bold text-gold-700">{formatYieldPercent(card.yield)}</dd>
          {card.net_yield !== null && (
            <>
              <dt className="text-primary-500">{yieldLabel("net")}</dt>
              <dd className="tabular text-right text-primary-700" data-slot="net-yield">
                {formatYieldPercent(card.net_yield)}
              </dd>
            </>
          )}
          {card.member_cf !== undefined && (
            // the member's own figure under their saved 融資条件 (税引前, the model's cashFlow); never in a shared cache
            <>
              <dt className="text-primary-500">
                月間CF<span className="text-[0.625rem]">（あなたの融資条件）</span>
              </dt>
              <dd
                className={cn("tabular text-right font-bold", (card.member_cf ?? 0) < 0 ? "text-error" : "text-primary-800")}
                data-slot="member-cf"
                data-value={card.member_cf ?? ""}
              >
                {monthlyCashFlowText(card.member_cf)}
              </dd>
            </>
          )}
          <dt className="text-primary-500">築年数</dt>
          <dd className="text-right text-primary-700">{age || "—"}</dd>
        </dl>
        {facts.length > 0 && (
          <p className="text-xs text-primary-600" data-slot="card-facts">
            {facts.join(" / ")}
          </p>
        )}
        <DealLine chips={card.deal} />
      </div>
    </article>
  );
}

/** What a visitor sees for a members-only listing: nothing but the fact and a sign-up prompt. */
export function LockedInvestmentCard({ className }: { className?: string }) {
  return (
    <article className={cn("listing-card border-gold-300", className)} data-slot="investment-card" data-locked="true">
      <div className="listing-card-media flex items-center justify-center bg-primary" aria-hidden="true">
        <div className="absolute inset-0 bg-[repeating-linear-gradient(135deg,transparent_0_14px,rgba(184,147,47,0.12)_14px_15px)]" />
        <span className="relative flex size-14 items-center justify-center rounded-full border border-gold-400/60 bg-primary-950/60 text-gold-300 sm:size-16">
          <LockKeyhole className="size-6 sm:size-7" strokeWidth={1.5} />
        </span>
      </div>
      <div className="flex min-w-0 flex-col items-start gap-2 p-3 sm:flex-1 sm:items-center sm:p-5 sm:text-center">
        <h3 className="text-base font-bold tracking-wider text-gold-700">会員限定物件</h3>
        <p className="text-xs leading-relaxed text-primary-600">
          無料会員登録で、所在地・価格・利回りなど
          <br className="hidden sm:inline" />
          物件の詳細をご覧いただけます。
        </p>
        <div className="mt-auto flex w-full flex-col gap-1.5 pt-1 sm:items-center">
          <Button asChild variant="gold" size="sm" className={cn("w-full sm:w-auto sm:px-6", GOLD_TEXT)}>
            <Link href="/signup">無料会員登録</Link>
          </Button>
          <Link href="/login" className="text-xs text-primary-600 underline underline-offset-2 hover:text-gold-700">
            会員の方はログイン
          </Link>
        </div>
      </div>
    </article>
  );
}
