import type { Metadata } from "next";
import { connection } from "next/server";
import { LazySiteNotFoundPage } from "@/components/content/lazy-site-not-found-page";
import { chromeSession } from "./_lib/chrome-session";

export const metadata: Metadata = { title: "ページが見つかりません", robots: { index: false, follow: true } };

/**
 * notFound() outside the public site's layout (the admin and preview areas):
 * the same page as an unmatched URL (app/global-not-found.tsx). The public
 * site has its own not-found inside its layout.
 */
export default async function RootNotFound() {
  // Per request: the header's side menu shows who is looking.
  await connection();
  return <LazySiteNotFoundPage {...await chromeSession()} />;
}
