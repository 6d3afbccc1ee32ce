"use client";

import { type RefObject, useEffect } from "react";

/**
 * Marks an element `data-mounted` once React has committed it (issue 31). A deferred page's loader
 * (static-pages.ts) holds a tap on a `[data-mount-mark]` element's controls until then, and the chrome's
 * script submits a select's GET form until then (chrome-script.tsx). React's own props on an element are
 * not enough: they are set while hydration renders, and an event that arrives before that render commits
 * (hydration waiting on a chunk) is dropped. Seen in CI on the sort select.
 */
export function useMountMark(ref: RefObject<HTMLElement | null>) {
  useEffect(() => ref.current?.setAttribute("data-mounted", ""), [ref]);
}

/** Spread on the element whose mount the loader waits for (server HTML carries it; useMountMark completes it). */
export const MOUNT_MARK = { "data-mount-mark": "" } as const;
