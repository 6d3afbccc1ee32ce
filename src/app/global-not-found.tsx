import "@fontsource/zen-kaku-gothic-new/400.css";
import "@fontsource/zen-kaku-gothic-new/700.css";
import "./globals.css";

import type { Metadata } from "next";
import { NotFoundBody } from "@/components/content/not-found-body";
import { Footer } from "@/components/site-chrome/footer";
import { Header } from "@/components/site-chrome/header";
import { DEFAULT_TITLE } from "@/lib/seo";
import { TRPCReactProvider } from "@/trpc/react";

export const metadata: Metadata = {
  title: `ページが見つかりません | ${DEFAULT_TITLE}`,
  robots: { index: false, follow: true },
};

/**
 * URLs that match no route (experimental.globalNotFound): the 404 with the
 * site chrome, rendered at the routing level. Why not app/not-found.tsx: Next
 * embeds the root not-found tree in the RSC payload of EVERY page, so a
 * chrome-bearing root 404 doubled the header and footer in each response and
 * cost every page render ≈ a third of its time. The header gets no server
 * data here; its counts and side menu load from the browser (same tRPC queries).
 */
export default function GlobalNotFound() {
  return (
    <html lang="ja">
      <body className="flex min-h-dvh flex-col bg-white font-sans text-primary antialiased">
        <TRPCReactProvider>
          <Header />
          <main id="main" className="flex-1">
            <NotFoundBody breadcrumbs={false} />
          </main>
          <Footer />
        </TRPCReactProvider>
      </body>
    </html>
  );
}
