import "server-only";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { PageKey } from "@/server/cms";
import { api } from "@/trpc/server";

/**
 * CMS reads for the content pages, through the public tRPC caller. Cached per
 * request (React cache), so generateMetadata and the page share one query.
 * A missing page or post (or an input the router rejects) becomes notFound().
 */
async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof TRPCError && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) notFound();
    throw e;
  }
}

export const loadPage = cache((key: PageKey) => orNotFound(api.public.cms.page({ key })));

export const loadPost = cache((slug: string) => orNotFound(api.public.cms.post({ slug })));

export const loadPosts = cache((page: number, category: string | null) => orNotFound(api.public.cms.posts({ page, ...(category ? { category } : {}) })));

export const loadCategories = cache(() => api.public.cms.categories());

export const loadRecentPosts = cache((limit: number) => api.public.cms.recent({ limit }));

/** A URL segment as text: percent-decoded when valid, else as given. */
export function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
