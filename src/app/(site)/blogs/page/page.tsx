import { permanentRedirect } from "next/navigation";

/** /blogs/page without a number: the first page. */
export default function BlogsPageIndex() {
  permanentRedirect("/blogs");
}
