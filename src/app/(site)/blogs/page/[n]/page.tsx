import type { Metadata } from "next";
import { BlogList, blogListMetadata, categoryParam, pageParam } from "@/components/content/blog-list";

type Props = {
  params: Promise<{ n: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ n }, sp] = await Promise.all([params, searchParams]);
  return blogListMetadata(pageParam(n), categoryParam(sp));
}

/**
 * /blogs/page/{n}: 10 posts a page (the pagination bar's links). Past the
 * last page → 404. Page 1 renders here too (its canonical URL is /blogs).
 */
export default async function BlogsPagedPage({ params, searchParams }: Props) {
  const [{ n }, sp] = await Promise.all([params, searchParams]);
  return <BlogList page={pageParam(n)} category={categoryParam(sp)} />;
}
