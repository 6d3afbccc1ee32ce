// A document of its own, so it loads the same stylesheet and font as layout.tsx (once each:
// the font comes from ./fonts, not a second copy of the font-face CSS).
import "./fonts/fallback.css";
import "./globals.css";

import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { SiteNotFoundPage } from "@/components/content/site-not-found-page";
import { ChromeScript } from "@/components/site-chrome/chrome-script";
import { WebFontSwap } from "@/components/site-chrome/web-font-swap";
import { DEFAULT_TITLE } from "@/lib/seo";
import { nonceOf } from "@/server/http/security-headers";
import { chromeSession } from "./_lib/chrome-session";
import { zenKakuGothicNew } from "./fonts";

export const metadata: Metadata = {
  title: `ページが見つかりません | ${DEFAULT_TITLE}`,
  robots: { index: false, follow: true },
};

/**
 * URLs that match no route (experimental.globalNotFound): the 404 with the
 * site chrome, rendered at the routing level as a document of its own instead
 * of inside the root layout.
 */
export default async function GlobalNotFound() {
  // Rendered per request: its scripts need the request's CSP nonce (server/http/security-headers.ts).
  await connection();
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  return (
    <html lang="ja" className={zenKakuGothicNew.variable} suppressHydrationWarning>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-primary antialiased">
        <WebFontSwap nonce={nonce} />
        <ChromeScript nonce={nonce} />
        <SiteNotFoundPage {...await chromeSession()} />
      </body>
    </html>
  );
}
