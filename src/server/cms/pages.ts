import { eq } from "drizzle-orm";
import { z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { cms_pages } from "@/server/db/schema";

/**
 * The content pages kept in cms_pages (one row per key). Prose is body_html
 * (already sanitised when stored by the seed or the admin editor); the
 * structured parts live in `data` and are read through the parsers below,
 * which drop malformed entries instead of failing the page.
 */
export const PAGE_KEYS = ["about", "advantage", "corporate", "results", "staff", "faq", "terms", "privacy", "antisocial"] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export interface CmsPage {
  key: string;
  title: string;
  description: string | null;
  /** Sanitised HTML, safe to insert as is. */
  body_html: string;
  data: Record<string, unknown> | null;
  updated_at: Date;
}

export async function getPage(db: Db, key: string): Promise<CmsPage | null> {
  const row = await db
    .select({
      key: cms_pages.key,
      title: cms_pages.title,
      description: cms_pages.description,
      body_html: cms_pages.body_html,
      data: cms_pages.data,
      updated_at: cms_pages.updated_at,
    })
    .from(cms_pages)
    .where(eq(cms_pages.key, key))
    .get();
  return row ?? null;
}

/** Every content page's key and last update (sitemap). */
export async function listPageUpdates(db: Db): Promise<{ key: string; updated_at: Date }[]> {
  return db.select({ key: cms_pages.key, updated_at: cms_pages.updated_at }).from(cms_pages).all();
}

/* ------------------------------------------------------ structured data */

const text = z.string().trim().min(1);
const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);

/** 売買実績: one closed deal. price in 万円, yield in percent (null for land). */
export const salesRecord = z.object({
  /** "YYYY-MM" (or a full ISO date) */
  date: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/),
  kind: optionalText,
  type: text,
  area: text,
  price: z.number().positive(),
  yield: z
    .number()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  comment: optionalText,
});
export type SalesRecord = z.infer<typeof salesRecord>;

export const staffProfile = z.object({
  name: text,
  kana: optionalText,
  role: optionalText,
  licenses: z.array(z.string().trim().min(1)).catch([]).default([]),
  career: optionalText,
  message: optionalText,
  /** Optional portrait URL or path. */
  photo: optionalText,
});
export type StaffProfile = z.infer<typeof staffProfile>;

export const faqItem = z.object({ q: text, a: text });
export type FaqItem = z.infer<typeof faqItem>;

export const labelledRow = z.object({ label: text, value: text });
export type LabelledRow = z.infer<typeof labelledRow>;

export const advantagePoint = z.object({ title: text, body: text });
export type AdvantagePoint = z.infer<typeof advantagePoint>;

/** The valid entries of data[field] (a list); anything else gives []. */
function listOf<T>(data: Record<string, unknown> | null | undefined, field: string, item: z.ZodType<T>): T[] {
  const raw = data?.[field];
  if (!Array.isArray(raw)) return [];
  const out: T[] = [];
  for (const entry of raw) {
    const r = item.safeParse(entry);
    if (r.success) out.push(r.data);
  }
  return out;
}

/** results: data.records, newest first. */
export function salesRecordsOf(page: Pick<CmsPage, "data"> | null): SalesRecord[] {
  return listOf(page?.data, "records", salesRecord).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** staff: data.staff, in the stored order. */
export function staffProfilesOf(page: Pick<CmsPage, "data"> | null): StaffProfile[] {
  return listOf(page?.data, "staff", staffProfile);
}

/** faq: data.items. */
export function faqItemsOf(page: Pick<CmsPage, "data"> | null): FaqItem[] {
  return listOf(page?.data, "items", faqItem);
}

/** corporate: data.rows (会社概要 table). */
export function corporateRowsOf(page: Pick<CmsPage, "data"> | null): LabelledRow[] {
  return listOf(page?.data, "rows", labelledRow);
}

/** advantage: data.points. */
export function advantagePointsOf(page: Pick<CmsPage, "data"> | null): AdvantagePoint[] {
  return listOf(page?.data, "points", advantagePoint);
}
