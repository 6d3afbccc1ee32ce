/** CMS content for the public site: content pages, blog posts, sitemap entries. */
export * from "@/lib/constants/post-categories";
export * from "./pages";
export * from "./posts";
export * from "./sitemap";
