import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { investments } from "@/server/db/schema";

/**
 * Who may see which listing — written once and used by every surface
 * (pages, tRPC, REST, counts, sitemap, matching).
 *  visitor: published, not members-only, not overdue for its 次回更新予定日
 *  member:  published (members-only included), not overdue
 *  admin:   everything (admin screens and preview)
 */
export type Audience = "visitor" | "member" | "admin";

export function visibleTo(audience: Audience, opts: { plain?: boolean } = {}): SQL | undefined {
  if (audience === "admin") return undefined;
  const i = investments;
  if (opts.plain) {
    // the same rule with its columns as values (`+col`): no index led by them may drive the statement, a set's own must
    const base = sql`(+${i.public} = 1 and +${i.not_updated_at} is null)`;
    return audience === "member" ? base : sql`(${base} and +${i.members} = 0)`;
  }
  const base = and(eq(i.public, true), isNull(i.not_updated_at));
  return audience === "member" ? base : and(base, eq(i.members, false));
}

/**
 * The members-only teaser rule, written once: a visitor is shown what a
 * member would find (teaserScope), but each members-only listing among it
 * reaches them as a locked teaser carrying none of its data (isTeaser).
 * Used by the detail (and through it the inquiry page) and the home sections.
 */
export function teaserScope(audience: Audience): Audience {
  return audience === "visitor" ? "member" : audience;
}

export function isTeaser(audience: Audience, listing: { members: boolean }): boolean {
  return audience === "visitor" && listing.members;
}

export function audienceOf(viewer: { user: unknown; admin: unknown }): Exclude<Audience, "admin"> {
  // An admin browsing the public site sees it as a member would; admin screens ask for "admin" explicitly.
  return viewer.user || viewer.admin ? "member" : "visitor";
}

/** The columns the visibility rule reads. */
export interface VisibilityRow {
  public: boolean;
  members: boolean;
  not_updated_at: unknown;
}

/** visibleTo on one row in memory (the same rule; tests hold the two equal). */
export function isVisibleTo(audience: Audience, row: VisibilityRow): boolean {
  if (audience === "admin") return true;
  const base = row.public && row.not_updated_at == null;
  return audience === "member" ? base : base && !row.members;
}

/**
 * The map index's visibility code (investments_geo.vis_min/vis_max): 2 visitors
 * and members, 1 members only, 0 nobody on the public site. The SQL triggers of
 * drizzle/0011_map_geo_index.sql and 0015_map_public_position.sql compute it in
 * SQL; tests/integration/map/geo-visibility.test.ts holds them equal to this.
 */
export function mapVisibility(row: VisibilityRow): 0 | 1 | 2 {
  return isVisibleTo("visitor", row) ? 2 : isVisibleTo("member", row) ? 1 : 0;
}
