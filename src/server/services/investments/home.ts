import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/server/db";
import { investment_images, investment_transports, investments, municipalities, prefectures } from "@/server/db/schema";
import type { BuiltGroup } from "@/schemas/investment-groups";
import { visibleTo, type Audience } from "./visibility";

/** Cards per home-page section. */
export const HOME_SECTION_SIZE = 8;

/** A listing card as the home page (and any list) shows it. Field names follow the spec. */
export interface InvestmentCard {
  locked: false;
  id: number;
  name: string;
  type_cd: number;
  type_other: string | null;
  pref_cd: number;
  pref_name: string | null;
  city_cd: string;
  city_name: string | null;
  /** 万円 */
  price: number;
  /** percent */
  yield: number | null;
  built: BuiltGroup | null;
  /** Nearest walk minutes over the transports. */
  station_time: number | null;
  /** First transport entry (by e_sort). */
  line_name: string | null;
  station_name: string | null;
  members: boolean;
  premium: boolean;
  price_down: boolean;
  /** Storage name of the first image (by e_sort), for /api/images/{id}/{name}/thumb. */
  image: string | null;
  public_at: Date | null;
}

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

const cardColumns = {
  id: investments.id,
  name: investments.name,
  type_cd: investments.type_cd,
  type_other: investments.type_other,
  pref_cd: investments.pref_cd,
  pref_name: prefectures.name,
  city_cd: investments.city_cd,
  city_name: municipalities.name,
  price: investments.price,
  yield: investments.yield,
  built: investments.built,
  station_time: investments.station_time,
  members: investments.members,
  premium: investments.premium,
  price_down: investments.price_down,
  public_at: investments.public_at,
};

type Row = Awaited<ReturnType<typeof selectCards>>[number];

function selectCards(db: Db, audience: Audience, premiumOnly: boolean) {
  return db
    .select(cardColumns)
    .from(investments)
    .leftJoin(municipalities, eq(municipalities.code, investments.city_cd))
    .leftJoin(prefectures, eq(prefectures.pref_cd, investments.pref_cd))
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
  const scope: Audience = audience === "visitor" ? "member" : audience;
  const [latestRows, premiumRows] = await Promise.all([selectCards(db, scope, false), selectCards(db, scope, true)]);

  const revealed = (r: Row) => audience !== "visitor" || !r.members;
  const ids = [...new Set([...latestRows, ...premiumRows].filter(revealed).map((r) => r.id))];

  const [transports, images] = ids.length
    ? await Promise.all([
        db
          .select({
            investment_id: investment_transports.investment_id,
            line_name: investment_transports.line_name,
            station_name: investment_transports.station_name,
          })
          .from(investment_transports)
          .where(inArray(investment_transports.investment_id, ids))
          .orderBy(asc(investment_transports.investment_id), asc(investment_transports.e_sort), asc(investment_transports.id))
          .all(),
        db
          .select({ investment_id: investment_images.investment_id, name: investment_images.name })
          .from(investment_images)
          .where(inArray(investment_images.investment_id, ids))
          .orderBy(asc(investment_images.investment_id), asc(investment_images.e_sort), asc(investment_images.id))
          .all(),
      ])
    : [[], []];

  const firstTransport = new Map<number, { line_name: string | null; station_name: string | null }>();
  for (const t of transports) if (!firstTransport.has(t.investment_id)) firstTransport.set(t.investment_id, t);
  const firstImage = new Map<number, string>();
  for (const i of images) if (!firstImage.has(i.investment_id)) firstImage.set(i.investment_id, i.name);

  const toCards = (rows: Row[], section: string): HomeCard[] =>
    rows.map((r, index) => {
      if (!revealed(r)) return { locked: true, key: `${section}-locked-${index}` };
      const t = firstTransport.get(r.id);
      return {
        locked: false,
        ...r,
        built: r.built ?? null,
        line_name: t?.line_name ?? null,
        station_name: t?.station_name ?? null,
        image: firstImage.get(r.id) ?? null,
      };
    });

  return { latest: toCards(latestRows, "latest"), premium: toCards(premiumRows, "premium") };
}
