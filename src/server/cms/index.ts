/** CMS content: content pages, blog posts, sitemap entries, and staff's editor for them. */
export { CATEGORY_KEY_PATTERN, categoryName } from "@/lib/constants/post-categories";
export { deletePost, excerptOf, getPageAdmin, getPostAdmin, listPagesAdmin, listPostsAdmin, previewMarkdown, savePage, savePost } from "./editor";
export {
  advantagePointsOf,
  corporateRowsOf,
  type FaqItem,
  faqItemsOf,
  getPage,
  PAGE_KEYS,
  type PageKey,
  type SalesRecord,
  salesRecordsOf,
  staffProfilesOf,
} from "./pages";
export {
  getPostBySlug,
  getPostPreview,
  listCategories,
  listPosts,
  type PostDetail,
  POSTS_PAGE_SIZE,
  POSTS_PAGE_SIZE_MAX,
  type PostSummary,
  recentPosts,
} from "./posts";
export { sitemapEntries, sitemapFile, sitemapIndexXml, sitemapPageEntries, sitemapPlan, urlsetXml } from "./sitemap";
