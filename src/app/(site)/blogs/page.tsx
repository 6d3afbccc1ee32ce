import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { BlogList, blogListMetadata, categoryParam, pageParam } from "@/components/content/blog-list";
import { blogListHref } from "@/components/content/blog-links";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return blogListMetadata(1, categoryParam(await searchParams));
}

/** /blogs: page 1 of the blog. The legacy form ?page=n goes to /blogs/page/n. */
export default async function BlogsPage({ searchParams }: Props) {
  const sp = await searchParams;
  const category = categoryParam(sp);
  const rawPage = Array.isArray(sp.page) ? sp.page[0] : sp.page;
  if (rawPage && rawPage !== "1") redirect(blogListHref(pageParam(rawPage), category));
  return <BlogList page={1} category={category} />;
}
