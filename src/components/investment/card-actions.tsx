import { Check, Heart } from "@/components/icons";

/**
 * Who looks at a list of cards, for the heart (お気に入り) and the compare tick on each card and
 * table row: a member's buttons act in place (card-actions-island.tsx, one delegated island for
 * the whole list); a visitor's are plain links to the login that keep the intent in the URL.
 */
export type CardActionsMode = { kind: "member"; bookmarked: ReadonlySet<number> } | { kind: "guest" };

/** Where a visitor's heart / tick leads: the login, back to the listing, with what they wanted. */
export function cardIntentHref(id: number, intent: "bookmark" | "compare"): string {
  return `/login?next=${encodeURIComponent(`/investments/${id}`)}&${intent}=${id}`;
}

/** The looks are component classes (globals.css): a list page draws them forty times, in its markup and its payload. */
const heart = "card-action card-action-heart";
const tick = "card-action card-action-tick";

/**
 * The heart and the compare tick of one listing: two fixed 32 px controls, so the space is
 * the same before and after the island runs (no layout shift). Server HTML.
 */
export function CardActions({
  id,
  name,
  mode,
  className = "flex gap-1.5",
}: {
  id: number;
  name: string;
  mode: CardActionsMode;
  /** the whole wrapper's layout (display included) */ className?: string;
}) {
  const wrap = className;
  if (mode.kind === "guest")
    return (
      <div className={wrap} data-slot="card-actions">
        <a href={cardIntentHref(id, "bookmark")} className={heart} aria-label={`${name}をお気に入りに追加（ログイン・会員登録へ）`} data-card-action="bookmark">
          <Heart className="size-4" aria-hidden="true" />
        </a>
        <a href={cardIntentHref(id, "compare")} className={tick} aria-label={`${name}を比較に追加（ログイン・会員登録へ）`} data-card-action="compare">
          <Check className="size-4" aria-hidden="true" />
        </a>
      </div>
    );
  const saved = mode.bookmarked.has(id);
  return (
    <div className={wrap} data-slot="card-actions">
      <button type="button" className={heart} aria-pressed={saved} aria-label={`${name}をお気に入りに追加`} data-card-action="bookmark" data-investment-id={id}>
        <Heart className="size-4" aria-hidden="true" />
      </button>
      <button type="button" className={tick} aria-pressed={false} aria-label={`${name}を比較に追加`} data-card-action="compare" data-investment-id={id}>
        <Check className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
