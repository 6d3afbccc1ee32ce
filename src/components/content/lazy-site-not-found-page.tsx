"use client";

import dynamic from "next/dynamic";

/**
 * SiteNotFoundPage for app/not-found.tsx, loaded only when a 404 renders. The root not-found is a
 * boundary of every page, so a static import put a second copy of the header and footer code
 * (~21 KiB compressed) in every page's scripts (issue 21); this way a page carries only this file.
 */
export const LazySiteNotFoundPage = dynamic(() => import("./site-not-found-page").then((m) => m.SiteNotFoundPage));
