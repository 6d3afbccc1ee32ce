import type { MetadataRoute } from "next";
import { env } from "@/server/env";

/**
 * /robots.txt, built per request (APP_URL read at run time). The admin and
 * preview base paths are deliberately NOT listed: they are secret, and a
 * Disallow line would publish them. Their pages carry noindex, nofollow.
 */
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const origin = env().APP_URL.replace(/\/+$/, "");
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/mypage"] }],
    sitemap: `${origin}/sitemap.xml`,
  };
}
