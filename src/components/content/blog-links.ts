/** URLs of the blog list: /blogs, /blogs/page/{n} and the ?category= filter. */
export const BLOG_PATH = "/blogs";

/** Link to a list page (page 1 is /blogs itself). */
export function blogListHref(page: number, category?: string | null): string {
  const q = category ? `?category=${encodeURIComponent(category)}` : "";
  return page <= 1 ? `${BLOG_PATH}${q}` : `${BLOG_PATH}/page/${page}${q}`;
}
