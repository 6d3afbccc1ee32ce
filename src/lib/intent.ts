import { safeNextPath } from "./safe-next";

/**
 * What a visitor was doing when the site asked them to log in or sign up (issue 30): where they
 * were (`next`) and what they asked for there — お気に入り (`bookmark=<id>`), 比較 (`compare=<id>`),
 * or saving the list's conditions (`save=1`, the conditions being `next`'s query). It travels in
 * the URL from the prompt through /login, /signup, the mailed registration link and
 * /signup/register, and is carried out once the visitor is a member (server: members/intent.ts).
 *
 * Every value is re-read here wherever it is used: `next` only as a same-site path (safeNextPath,
 * no open redirect), the ids only as plain positive integers. Isomorphic, no zod (client pages).
 */
export interface Intent {
  /** A same-site path (with its query) or null. */
  next: string | null;
  bookmark?: number;
  compare?: number;
  /** Save `next`'s search conditions as a saved condition. */
  save?: boolean;
}

export const INTENT_KEYS = ["next", "bookmark", "compare", "save"] as const;

/** Any fixed origin does for the same-site check: only the path and query are kept. */
const CHECK_ORIGIN = "https://intent.invalid";
/** A list URL with every condition fits well within this; longer is not ours. */
export const INTENT_NEXT_MAX = 2000;
const ID = /^[1-9]\d{0,9}$/;

type Raw = URLSearchParams | Record<string, string | string[] | undefined>;

function first(raw: Raw, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

/** The intent in a page's query, every part checked; anything else in the query is ignored. */
export function readIntent(raw: Raw): Intent {
  const nextRaw = first(raw, "next");
  const next = nextRaw && nextRaw.length <= INTENT_NEXT_MAX ? safeNextPath(nextRaw, "", CHECK_ORIGIN) || null : null;
  const id = (key: string) => {
    const v = first(raw, key);
    return v && ID.test(v) ? Number(v) : undefined;
  };
  const intent: Intent = { next };
  const bookmark = id("bookmark");
  const compare = id("compare");
  if (bookmark !== undefined) intent.bookmark = bookmark;
  if (compare !== undefined) intent.compare = compare;
  if (first(raw, "save") === "1" && next) intent.save = true;
  return intent;
}

/** The same check on values already split out (a procedure's input), as if read from a URL. */
export function checkIntent(v: { next?: string | null; bookmark?: number; compare?: number; save?: boolean }): Intent {
  return readIntent({
    next: v.next ?? undefined,
    bookmark: v.bookmark?.toString(),
    compare: v.compare?.toString(),
    save: v.save ? "1" : undefined,
  });
}

/** True when there is something to carry out beyond going back. */
export function hasAction(intent: Intent): boolean {
  return intent.bookmark !== undefined || intent.compare !== undefined || intent.save === true;
}

/** The intent as query parameters (empty string when there is none), for the next link in the chain. */
export function intentQuery(intent: Intent): string {
  const p = new URLSearchParams();
  if (intent.next) p.set("next", intent.next);
  if (intent.bookmark !== undefined) p.set("bookmark", String(intent.bookmark));
  if (intent.compare !== undefined) p.set("compare", String(intent.compare));
  if (intent.save) p.set("save", "1");
  return p.toString();
}

/** `path` with the intent appended (after the path's own query, if it has one: /login/first?email=…). */
export function withIntent(path: string, intent: Intent): string {
  const q = intentQuery(intent);
  return q ? `${path}${path.includes("?") ? "&" : "?"}${q}` : path;
}

/** A guest's お気に入り / 比較 prompt for a listing: the login, then back to the listing with it done. */
export function listingIntentHref(id: number, action: "bookmark" | "compare"): string {
  return withIntent("/login", { next: `/investments/${id}`, [action]: id });
}

/** A guest's 「この条件を保存（無料会員登録）」: sign-up, then back to this list with the conditions saved. */
export function saveConditionsHref(listPath: string): string {
  return withIntent("/signup", { next: listPath, save: true });
}
