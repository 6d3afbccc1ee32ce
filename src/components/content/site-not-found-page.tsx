import { Footer } from "@/components/site-chrome/footer";
import { Header } from "@/components/site-chrome/header";
import type { LoginStateData } from "@/components/site-chrome/types";
import { NotFoundContent } from "./not-found-content";

/**
 * The whole 404 page with the site chrome, for URLs outside the public
 * layout: unmatched ones (app/global-not-found.tsx) and notFound() in the
 * admin and preview areas (app/not-found.tsx) — the same page, so a 404
 * never tells whether a hidden prefix exists. The login state comes from the
 * page that renders it (the side menu is server HTML); the header's counts
 * load from the browser. No "use client": the global
 * 404 renders it on the server like any page (its header as server HTML with
 * the islands); the root not-found loads it on demand as client code
 * (./lazy-site-not-found-page.tsx), so every page's payload carries only a
 * reference.
 */
export function SiteNotFoundPage({ session, adminBasePath }: { session?: LoginStateData; adminBasePath?: string }) {
  return (
    <>
      <Header session={session} adminBasePath={adminBasePath} />
      <main id="main" className="flex-1">
        <div data-slot="not-found">
          <NotFoundContent />
        </div>
      </main>
      <Footer />
    </>
  );
}
