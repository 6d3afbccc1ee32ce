import { TRPCError } from "@trpc/server";
import { CMS_PAGE_KEYS, pageInput, postInput, postListInput } from "@/schemas/admin/cms";
import { z } from "@/schemas/zod";
import { deletePost, getPageAdmin, getPostAdmin, getPostPreview, listPagesAdmin, listPostsAdmin, previewMarkdown, savePage, savePost } from "@/server/cms";
import { adminProcedure, createTRPCRouter } from "../../trpc";

const idInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** CMS: blog posts and the content pages. */
export const adminCmsRouter = createTRPCRouter({
  posts: adminProcedure.input(postListInput).query(({ ctx, input }) => listPostsAdmin(ctx.db, input)),
  post: adminProcedure.input(idInput).query(({ ctx, input }) => getPostAdmin(ctx.db, input.id)),
  /** Any post (draft, scheduled, published) in the shape the public blog page gets (the preview area). */
  postPreview: adminProcedure.input(idInput).query(async ({ ctx, input }) => {
    const post = await getPostPreview(ctx.db, input.id, new Date());
    if (!post) throw new TRPCError({ code: "NOT_FOUND", message: "記事が見つかりません" });
    return post;
  }),
  createPost: adminProcedure.input(postInput).mutation(({ ctx, input }) => savePost(ctx.db, ctx.admin.id, null, input)),
  updatePost: adminProcedure
    .input(z.object({ id: z.number().int().positive() }).and(postInput))
    .mutation(({ ctx, input: { id, ...post } }) => savePost(ctx.db, ctx.admin.id, id, post)),
  removePost: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    await deletePost(ctx.db, input.id);
    return { status: true as const };
  }),
  /** Renders Markdown as it will be stored (the editor's preview pane). */
  preview: adminProcedure.input(z.object({ body_md: z.string().max(200_000) })).mutation(({ input }) => previewMarkdown(input.body_md)),
  pages: adminProcedure.query(({ ctx }) => listPagesAdmin(ctx.db)),
  page: adminProcedure.input(z.object({ key: z.enum(CMS_PAGE_KEYS) })).query(({ ctx, input }) => getPageAdmin(ctx.db, input.key)),
  savePage: adminProcedure.input(pageInput).mutation(async ({ ctx, input }) => {
    await savePage(ctx.db, input);
    return { status: true as const };
  }),
});
