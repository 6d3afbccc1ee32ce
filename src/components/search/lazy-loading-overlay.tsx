"use client";

import { lazy, Suspense, useState } from "react";
import type { LoadingOverlayProps } from "@/components/site-chrome/loading-overlay";

const Overlay = lazy(() => import("@/components/site-chrome/loading-overlay").then((m) => ({ default: m.LoadingOverlay })));

/**
 * LoadingOverlay whose code loads the first time it is shown: it renders nothing until then, and
 * it brings tailwind-merge, which the list and search pages otherwise no longer ship (issue 21).
 * Stays mounted once shown, so that it fades out as LoadingOverlay does.
 */
export function LazyLoadingOverlay(props: LoadingOverlayProps) {
  const [wanted, setWanted] = useState(props.show);
  if (props.show && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay {...props} />
    </Suspense>
  );
}
