import "./fonts/fallback.css";
import "./globals.css";

import type { Metadata, Viewport } from "next";
import { SITE } from "@/lib/constants/site";
import { DEFAULT_TITLE, metaDescription } from "@/lib/seo";
import { env } from "@/server/env";
import { zenKakuGothicNew } from "./fonts";

/**
 * Root layout: <html lang="ja">, the brand font (src/app/fonts.ts: 400 and 700,
 * subset at build time, preloaded) and the site-wide metadata defaults. The
 * tRPC/React Query provider is not here: only the segments that call procedures
 * have it (src/trpc/api-layout.tsx), so other pages ship none of its code.
 *
 * Page titles: a page exporting `title: "物件一覧"` gets
 * "物件一覧 | {site title}のことなら{corporate name}" (= pageTitle() in src/lib/seo);
 * a page without a title gets the default alone.
 */
export function generateMetadata(): Metadata {
  const description = metaDescription();
  return {
    metadataBase: new URL(env().APP_URL),
    title: { default: DEFAULT_TITLE, template: `%s | ${DEFAULT_TITLE}` },
    description,
    applicationName: SITE.title,
    formatDetection: { telephone: false, address: false, email: false },
    openGraph: {
      type: "website",
      locale: "ja_JP",
      siteName: SITE.title,
      title: DEFAULT_TITLE,
      description,
      images: [{ url: SITE.ogImage, width: 1200, height: 630, alt: SITE.title }],
    },
    twitter: { card: "summary_large_image", title: DEFAULT_TITLE, description, images: [SITE.ogImage] },
  };
}

export const viewport: Viewport = {
  themeColor: "#2b2b2b",
  width: "device-width",
  initialScale: 1,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ja" className={zenKakuGothicNew.variable}>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-primary antialiased">
        {children}
      </body>
    </html>
  );
}
