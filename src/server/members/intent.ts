import { eq } from "drizzle-orm";
import { checkIntent, type Intent } from "@/lib/intent";
import type { IntentInput, IntentResult } from "@/schemas/intent";
import { describeQuery, parseSearchParams, type SearchQuery } from "@/schemas/search";
import type { Db } from "@/server/db";
import { filters } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { railwayNames } from "@/server/investments";
import { logger } from "@/server/logger";
import { addBookmark, LISTING_NOT_FOUND } from "./bookmarks";
import { createFilter } from "./filters";

/** Where a member goes when the intent names no page of ours. */
const HOME = "/mypage";
/** filterName's max (schemas/filter.ts). */
const NAME_MAX = 50;

/** The conditions in `next`'s query, as the list page parses them (the page number is not a condition). */
function conditionsOf(next: string): SearchQuery {
  const q = parseSearchParams(new URL(next, "https://intent.invalid").searchParams);
  return { ...q, page: undefined } as SearchQuery;
}

/**
 * The suggested name of a saved condition: its Japanese description as the list's chips say it
 * (lines and stations by name), cut to the name's 50 characters, and made unique among the
 * member's conditions with （2）, （3）….
 */
async function suggestedName(db: Db, userId: number, query: SearchQuery): Promise<string> {
  const names = query.sl || query.st || query.rg ? await railwayNames(db, { sl: query.sl, st: query.st, rg: query.rg }) : null;
  const chips = describeQuery(query, names ? { line: (cd) => names.lines[cd], station: (cd) => names.stations[cd], group: (cd) => names.groups[cd] } : {});
  const base = chips.length ? chips.join(" ") : "すべての物件";
  const taken = new Set((await db.select({ name: filters.name }).from(filters).where(eq(filters.user_id, userId)).all()).map((r) => r.name));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `（${n}）`;
    const name = base.length + suffix.length > NAME_MAX ? `${base.slice(0, NAME_MAX - suffix.length - 1)}…${suffix}` : `${base}${suffix}`;
    if (!taken.has(name)) return name;
  }
}

/** A rule's refusal of one part of the intent, in Japanese (anything else is a real failure and is thrown). */
function reasonOf(e: unknown): string {
  if (e instanceof AppError && e.code === "INVALID") return e.message;
  throw e;
}

/**
 * Carries out a new member's (or a member who just logged in) intent: bookmarks the listing,
 * adds it to the comparison (a bookmark too: My Page compares bookmarks), saves `next`'s
 * conditions under a suggested name. Each part is done through the same service a member's
 * own click uses, so the same rules hold: a listing the member may not see is neither
 * bookmarked nor revealed (LISTING_NOT_FOUND, the same answer as a missing one), limits apply.
 * A part that cannot be done is skipped with a notice; the rest still happens. Never throws
 * for a bad intent: the worst a crafted link can do is send the member to one of our pages.
 */
export async function applyIntent(db: Db, userId: number, input: IntentInput): Promise<IntentResult> {
  // Re-read as from a URL: next must be a same-site path, ids plain integers.
  const intent: Intent = checkIntent(input);
  const result: IntentResult = { next: intent.next ?? HOME, bookmarked: null, compare: null, savedFilter: null, notice: null };
  const notices: string[] = [];
  for (const [id, kind] of [
    [intent.bookmark, "bookmark"],
    [intent.compare, "compare"],
  ] as const) {
    if (id === undefined) continue;
    try {
      await addBookmark(db, userId, id);
      if (kind === "bookmark") result.bookmarked = id;
      else result.compare = id;
    } catch (e) {
      const reason = reasonOf(e);
      notices.push(reason === LISTING_NOT_FOUND ? "ご指定の物件は現在掲載されていないため、お気に入りに追加できませんでした。" : reason);
      logger.info("member.intent_skipped", { userId, kind, investmentId: id });
    }
  }
  if (result.bookmarked !== null || result.compare !== null) notices.unshift("お気に入りに追加しました。");
  if (intent.save && intent.next) {
    const query = conditionsOf(intent.next);
    try {
      const name = await suggestedName(db, userId, query);
      const { _id } = await createFilter(db, userId, { name, query });
      result.savedFilter = { id: _id, name };
      notices.unshift(`検索条件「${name}」を保存しました。新着・値下げ物件をメールでお知らせします。`);
    } catch (e) {
      notices.push(reasonOf(e));
    }
  }
  result.notice = notices.length ? notices.join("") : null;
  return result;
}
