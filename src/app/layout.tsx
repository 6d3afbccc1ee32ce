import "./fonts/fallback.css";
import "./globals.css";

import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { ChromeScript } from "@/components/site-chrome/chrome-script";
import { WebFontSwap } from "@/components/site-chrome/web-font-swap";
import { SITE } from "@/lib/constants/site";
import { DEFAULT_TITLE, metaDescription } from "@/lib/seo";
import { env } from "@/server/env";
import { nonceOf } from "@/server/http/security-headers";
import { zenKakuGothicNew } from "./fonts";

/**
 * Root layout: <html lang="ja">, the brand font (src/app/fonts.ts: 400 and 700,
 * subset at build time, turned on after load by WebFontSwap) and the site-wide metadata defaults. The
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

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return (
    // suppressHydrationWarning: WebFontSwap adds the class "wf" before React hydrates.
    <html lang="ja" className={zenKakuGothicNew.variable} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-primary antialiased">
        <WebFontSwap nonce={nonce} />
        <ChromeScript nonce={nonce} />
        {children}
      </body>
    </html>
  );
}
