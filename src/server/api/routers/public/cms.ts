import { TRPCError } from "@trpc/server";
import { z } from "@/schemas/zod";
import {
  CATEGORY_KEY_PATTERN,
  getPage,
  getPostBySlug,
  listCategories,
  listPosts,
  PAGE_KEYS,
  POSTS_PAGE_SIZE,
  POSTS_PAGE_SIZE_MAX,
  recentPosts,
} from "@/server/cms";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** Public CMS reads: the content pages and the blog (live posts only). */
const pageInput = z.object({ key: z.enum(PAGE_KEYS) });
const postsInput = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(POSTS_PAGE_SIZE_MAX).default(POSTS_PAGE_SIZE),
  category: z.string().regex(CATEGORY_KEY_PATTERN).optional(),
});
const postInput = z.object({ slug: z.string().min(1).max(200) });
const recentInput = z.object({ limit: z.number().int().min(1).max(20).default(5) }).default({ limit: 5 });

const notFound = (message: string) => new TRPCError({ code: "NOT_FOUND", message });

export const cmsRouter = createTRPCRouter({
  /** A content page by key (about, advantage, corporate, results, staff, faq, terms, privacy, antisocial). */
  page: publicProcedure.input(pageInput).query(async ({ ctx, input }) => {
    const page = await getPage(ctx.db, input.key);
    if (!page) throw notFound("ページが見つかりません");
    return page;
  }),

  /** One page of live posts, newest first, optionally of one category. */
  posts: publicProcedure.input(postsInput).query(({ ctx, input }) => listPosts(ctx.db, { ...input, now: new Date() })),

  /** A live post with its older/newer neighbours. Drafts and future posts are NOT_FOUND. */
  post: publicProcedure.input(postInput).query(async ({ ctx, input }) => {
    const post = await getPostBySlug(ctx.db, input.slug, new Date());
    if (!post) throw notFound("記事が見つかりません");
    return post;
  }),

  /** The newest live posts. */
  recent: publicProcedure.input(recentInput).query(({ ctx, input }) => recentPosts(ctx.db, input.limit, new Date())),

  /** Categories that have live posts, with counts. */
  categories: publicProcedure.query(({ ctx }) => listCategories(ctx.db, new Date())),
});
