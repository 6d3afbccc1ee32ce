"use client";

import { lazy, Suspense } from "react";
import type { LoginStateData } from "@/components/site-chrome/types";

const Page = lazy(() => import("./site-not-found-page").then((m) => ({ default: m.SiteNotFoundPage })));

/**
 * SiteNotFoundPage for app/not-found.tsx, loaded only when a 404 renders. The root not-found is a
 * boundary of every page, so a static import put a second copy of the header and footer code
 * (~21 KiB compressed) in every page's scripts (issue 21); this way a page carries only this file.
 * React.lazy rather than next/dynamic, whose loader code every page would carry for this alone.
 */
export function LazySiteNotFoundPage(props: { session?: LoginStateData; adminBasePath?: string }) {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}
