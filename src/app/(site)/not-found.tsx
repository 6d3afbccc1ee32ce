import type { Metadata } from "next";
import { NotFoundBody } from "@/components/content/not-found-body";

export const metadata: Metadata = { title: "ページが見つかりません", robots: { index: false, follow: true } };

/** notFound() anywhere under the public site: rendered inside the site chrome of (site)/layout. */
export default function SiteNotFound() {
  return <NotFoundBody />;
}
