import { Analytics } from "@/components/seo/analytics";
import { Footer } from "@/components/site-chrome/footer";
import { Header } from "@/components/site-chrome/header";
import type { SiteCountsData } from "@/components/site-chrome/types";
import { logger } from "@/server/logger";
import { nonceOf } from "@/server/http/security-headers";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import { connection } from "next/server";
import { api } from "@/trpc/server";
import { chromeSession } from "../_lib/chrome-session";

function failed<T>(what: string) {
  return (e: unknown): T | undefined => {
    unstable_rethrow(e); // never swallow Next's own control flow
    logger.error(what, { message: e instanceof Error ? e.message : String(e) });
    return undefined;
  };
}

/**
 * Public pages with the site chrome. The counts and the login state are
 * rendered on the server (first paint final, no client request); login and
 * logout reload or refresh the page, so the side menu (server HTML) follows.
 * A failure of either leaves the chrome up: the counts show "—" and fetch
 * themselves from the browser, the side menu offers login and sign-up.
 */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  // The chrome depends on cookies: every page under (site) renders per request.
  await connection();
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  const [{ session, adminBasePath }, counts, holidayNote] = await Promise.all([
    chromeSession(),
    api.public.options.get().catch(failed<SiteCountsData>("chrome.counts")),
    api.public.options.holidayNote().catch(failed<string>("chrome.holiday_note")),
  ]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[70] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-bold focus:text-primary focus:shadow-lg"
      >
        本文へスキップ
      </a>
      <Header session={session} counts={counts} adminBasePath={adminBasePath} holidayNote={holidayNote} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer holidayNote={holidayNote} />
      {/* Renders nothing without ANALYTICS_ID, and nothing on login-type pages; admin pages have their own layout. */}
      <Analytics nonce={nonce} />
    </>
  );
}
