/** CMS content: content pages, blog posts, sitemap entries, and staff's editor for them. */
export * from "@/lib/constants/post-categories";
export * from "./editor";
export * from "./pages";
export * from "./posts";
export * from "./sitemap";
