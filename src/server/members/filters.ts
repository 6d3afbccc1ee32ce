import { and, asc, count, eq, ne } from "drizzle-orm";
import { searchQuery, type SearchQuery } from "@/schemas/search";
import { AppError, fieldInvalid } from "@/server/errors";
import type { Db } from "@/server/db";
import { filters } from "@/server/db/schema";
import { countInvestments } from "@/server/search";

/** Saved search conditions. The query is the list page's search query, validated by the same schema. */
export const FILTER_LIMIT = 20;
export const FILTER_LIMIT_MESSAGE = `検索条件は${FILTER_LIMIT}件まで保存できます。不要な条件を削除してください。`;
export const FILTER_NAME_TAKEN = "この名前の検索条件は既に保存されています";
export const FILTER_NOT_FOUND = "検索条件が見つかりません";

const asQuery = (q: unknown): SearchQuery => {
  const r = searchQuery.safeParse(q);
  return r.success ? r.data : ({} as SearchQuery);
};

export async function listFilters(db: Db, userId: number, opts: { counts?: boolean } = {}) {
  const rows = await db.select().from(filters).where(eq(filters.user_id, userId)).orderBy(asc(filters.created_at), asc(filters.id));
  return Promise.all(
    rows.map(async (f) => ({
      _id: f.id,
      name: f.name,
      query: asQuery(f.query),
      created_at: f.created_at,
      updated_at: f.updated_at,
      // How many listings the condition matches now (members see members-only ones too).
      count: opts.counts ? await countInvestments(db, "member", asQuery(f.query)) : undefined,
    })),
  );
}

export async function nameTaken(db: Db, userId: number, name: string, exceptId?: number | null): Promise<boolean> {
  const conds = [eq(filters.user_id, userId), eq(filters.name, name.trim())];
  if (exceptId) conds.push(ne(filters.id, exceptId));
  const r = await db
    .select({ n: count() })
    .from(filters)
    .where(and(...conds))
    .get();
  return (r?.n ?? 0) > 0;
}

export async function createFilter(db: Db, userId: number, input: { name: string; query: SearchQuery }): Promise<{ _id: number }> {
  return db.transaction(async (tx) => {
    const total = await tx.select({ n: count() }).from(filters).where(eq(filters.user_id, userId)).get();
    if ((total?.n ?? 0) >= FILTER_LIMIT) throw fieldInvalid("name", FILTER_LIMIT_MESSAGE);
    const dup = await tx
      .select({ id: filters.id })
      .from(filters)
      .where(and(eq(filters.user_id, userId), eq(filters.name, input.name)))
      .get();
    if (dup) throw fieldInvalid("name", FILTER_NAME_TAKEN);
    const [row] = await tx
      .insert(filters)
      .values({ user_id: userId, name: input.name, query: input.query as Record<string, unknown> })
      .returning({ id: filters.id });
    return { _id: row!.id };
  });
}

export async function updateFilter(db: Db, userId: number, id: number, patch: { name?: string; query?: SearchQuery }): Promise<void> {
  await db.transaction(async (tx) => {
    const own = await tx
      .select({ id: filters.id })
      .from(filters)
      .where(and(eq(filters.id, id), eq(filters.user_id, userId)))
      .get();
    // Someone else's id and a missing one look the same.
    if (!own) throw new AppError("NOT_FOUND", FILTER_NOT_FOUND);
    // A patch with neither field changes nothing (an empty SET is a SQL error, which was a 500).
    if (patch.name === undefined && patch.query === undefined) return;
    if (patch.name !== undefined) {
      const dup = await tx
        .select({ id: filters.id })
        .from(filters)
        .where(and(eq(filters.user_id, userId), eq(filters.name, patch.name), ne(filters.id, id)))
        .get();
      if (dup) throw fieldInvalid("name", FILTER_NAME_TAKEN);
    }
    await tx
      .update(filters)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.query !== undefined ? { query: patch.query as Record<string, unknown> } : {}),
      })
      .where(and(eq(filters.id, id), eq(filters.user_id, userId)));
  });
}

export async function deleteFilter(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(filters)
    .where(and(eq(filters.id, id), eq(filters.user_id, userId)))
    .returning({ id: filters.id });
  return r.length > 0;
}
