import type { Metadata } from "next";
import { unstable_rethrow } from "next/navigation";
import { connection } from "next/server";
import { Footer } from "@/components/site-chrome/footer";
import { Header } from "@/components/site-chrome/header";
import type { SiteCountsData } from "@/components/site-chrome/types";
import { requireAdmin } from "@/app/_lib/page-guards";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { ApiLayout } from "@/trpc/api-layout";
import { api } from "@/trpc/server";

/** Never indexed or followed, never cached by shared caches. */
export const metadata: Metadata = {
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

/**
 * The preview area (PREVIEW_BASE_PATH, rewritten here by src/proxy.ts):
 * unpublished listings and posts with the public site's chrome, exactly as
 * the public page will show them, to admins only. Anyone else gets the
 * ordinary 404 (never the admin login, so the prefix gives nothing away);
 * each page checks again, since Next renders a layout and its page in
 * parallel. No analytics tag, and a fixed banner (PreviewBanner, rendered by
 * each page since only the page knows the item's state; this keeps its room)
 * so staff never take the preview for the live page.
 */
export default async function PreviewLayout({ children }: { children: React.ReactNode }) {
  await connection();
  await requireAdmin({ otherwise: "not-found" });
  const [session, counts] = await Promise.all([
    api.public.session.state(),
    api.public.options.get().catch((e: unknown): SiteCountsData | undefined => {
      unstable_rethrow(e);
      logger.error("preview.counts", { message: e instanceof Error ? e.message : String(e) });
      return undefined;
    }),
  ]);
  return (
    <>
      <div className="h-9 shrink-0" aria-hidden="true" />
      <Header session={session} counts={counts} adminBasePath={env().ADMIN_BASE_PATH} />
      <main id="main" className="flex-1">
        <ApiLayout>{children}</ApiLayout>
      </main>
      <Footer />
    </>
  );
}
