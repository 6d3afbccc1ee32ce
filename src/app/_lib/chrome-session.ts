import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { LoginStateData } from "@/components/site-chrome/types";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { api } from "@/trpc/server";

/**
 * The login state for the site header (the side menu is
 * server HTML, so it needs it from the page): the public layout and the 404 pages. The admin base path only for
 * a logged-in admin (it must not reach anyone else). A failed lookup leaves the menu's login and sign-up.
 */
export async function chromeSession(): Promise<{ session?: LoginStateData; adminBasePath?: string }> {
  try {
    const session = await api.public.session.state();
    return { session, adminBasePath: session.isAdminLogin ? env().ADMIN_BASE_PATH : undefined };
  } catch (e) {
    unstable_rethrow(e); // never swallow Next's own control flow
    logger.error("chrome.session", { message: e instanceof Error ? e.message : String(e) });
    return {};
  }
}
