import "server-only";
import type { LoginStateData } from "@/components/site-chrome/types";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { api } from "@/trpc/server";

/**
 * The login state for a header rendered outside the public layout (the 404 pages): the side menu is
 * server HTML, so it needs it from the page. The admin base path only for a logged-in admin (a 404
 * must not tell anyone else where it is). A failed lookup leaves the menu's login and sign-up.
 */
export async function chromeSession(): Promise<{ session?: LoginStateData; adminBasePath?: string }> {
  try {
    const session = await api.public.session.state();
    return { session, adminBasePath: session.isAdminLogin ? env().ADMIN_BASE_PATH : undefined };
  } catch (e) {
    logger.error("chrome.session", { message: e instanceof Error ? e.message : String(e) });
    return {};
  }
}
