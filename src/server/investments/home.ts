import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investments } from "@/server/db/schema";
import { loadCards, type InvestmentCard } from "@/server/listings";
import { isTeaser, teaserScope, visibleTo, type Audience } from "@/server/listings";

export type { InvestmentCard } from "@/server/listings";

/** Cards per home-page section. */
export const HOME_SECTION_SIZE = 8;

/**
 * A members-only listing shown to a visitor: it reveals nothing (no id, no
 * name, no price) — only that a 会員限定物件 exists here, with a sign-up prompt.
 */
export interface LockedCard {
  locked: true;
  /** Stable React key with no information in it. */
  key: string;
}

export type HomeCard = InvestmentCard | LockedCard;

export interface HomeListings {
  latest: HomeCard[];
  premium: HomeCard[];
}

type Row = Awaited<ReturnType<typeof selectSection>>[number];

function selectSection(db: Db, audience: Audience, premiumOnly: boolean) {
  return db
    .select({ id: investments.id, members: investments.members })
    .from(investments)
    .where(and(visibleTo(audience), premiumOnly ? eq(investments.premium, true) : undefined))
    .orderBy(desc(investments.public_at), desc(investments.id))
    .limit(HOME_SECTION_SIZE)
    .all();
}

/**
 * The home page's two sections: 新着物件 (latest) and おすすめ(プレミアム)物件
 * (premium), 8 each, newest public_at first.
 *
 * Members and admins get every listing visibleTo(audience). Visitors get the
 * same rows a member would see, but each members-only one is replaced by a
 * LockedCard before it leaves this function, so the page can show
 * 「会員限定物件」 teasers without any of their data (the header already
 * publishes how many there are).
 */
export async function homeListings(db: Db, audience: Audience): Promise<HomeListings> {
  const scope = teaserScope(audience);
  const [latestRows, premiumRows] = await Promise.all([selectSection(db, scope, false), selectSection(db, scope, true)]);

  const revealed = (r: Row) => !isTeaser(audience, r);
  const ids = [...new Set([...latestRows, ...premiumRows].filter(revealed).map((r) => r.id))];
  const cards = new Map<number, InvestmentCard>((await loadCards(db, ids, new Date(), audience)).map((c) => [c.id, c]));

  const toCards = (rows: Row[], section: string): HomeCard[] =>
    rows.flatMap((r, index): HomeCard[] => {
      if (!revealed(r)) return [{ locked: true, key: `${section}-locked-${index}` }];
      const card = cards.get(r.id);
      return card ? [card] : [];
    });

  return { latest: toCards(latestRows, "latest"), premium: toCards(premiumRows, "premium") };
}
