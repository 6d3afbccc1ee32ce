"use client";

import { useEffect, useState } from "react";
import { OVERLAY } from "@/lib/constants/site";
import { cn } from "@/lib/cn";

export interface LoadingOverlayProps {
  /** Visible when true; fades in and out. */
  show: boolean;
  /** Target opacity of the backdrop (spec default 0.8). */
  opacity?: number;
  /** Fade duration in seconds (spec default 0.25). */
  duration?: number;
  /** Announced to screen readers. */
  label?: string;
  /** Cover the viewport (default) or only the nearest positioned ancestor. */
  fixed?: boolean;
  className?: string;
}

/**
 * Loading overlay (spec §2/§9): fades in to `opacity` over `duration` seconds,
 * fades out the same way, then unmounts.
 */
export function LoadingOverlay({
  show,
  opacity = OVERLAY.opacity,
  duration = OVERLAY.fadeSeconds,
  label = "読み込み中",
  fixed = true,
  className,
}: LoadingOverlayProps) {
  const [mounted, setMounted] = useState(show);
  const [visible, setVisible] = useState(false);
  // Mount as soon as it is asked for (render-phase update; no extra effect pass).
  if (show && !mounted) setMounted(true);

  useEffect(() => {
    if (!mounted) return;
    if (show) {
      // Two frames so that opacity 0 is painted before the transition starts.
      let inner = 0;
      const outer = requestAnimationFrame(() => {
        inner = requestAnimationFrame(() => setVisible(true));
      });
      return () => {
        cancelAnimationFrame(outer);
        cancelAnimationFrame(inner);
      };
    }
    const frame = requestAnimationFrame(() => setVisible(false));
    const timer = window.setTimeout(() => setMounted(false), duration * 1000 + 20);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [show, mounted, duration]);

  if (!mounted) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy={show}
      data-state={visible ? "visible" : "hidden"}
      className={cn("inset-0 z-[60] flex items-center justify-center", fixed ? "fixed" : "absolute", className)}
      style={{ opacity: visible ? 1 : 0, transition: `opacity ${duration}s ease` }}
    >
      <div className="absolute inset-0 bg-white" style={{ opacity }} aria-hidden="true" />
      <div className="relative flex flex-col items-center gap-3">
        <span className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-gold-600" aria-hidden="true" />
        <span className="text-sm font-bold text-primary-700">{label}</span>
      </div>
    </div>
  );
}
