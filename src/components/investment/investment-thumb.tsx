"use client";

import { useCallback, useState } from "react";
import { cn } from "@/lib/cn";

/** Stored thumbnails are 480 px wide (src/server/media/images.ts). */
const THUMB_WIDTH = 480;
/**
 * The card's picture width (investment-card.tsx): 7.5rem beside the text on phones; from sm a
 * column of the card grid (2 columns, 3 from xl in a 80rem page).
 */
const THUMB_SIZES = "(min-width: 1280px) 400px, (min-width: 640px) 50vw, 120px";

/**
 * A listing thumbnail laid over its placeholder: if the image fails (missing
 * file, route not there) it hides itself and the neutral placeholder behind
 * it shows. Also catches errors that happened before hydration.
 */
export function InvestmentThumb({
  src,
  fallbackSrc,
  alt,
  className,
  eager = false,
}: {
  /** webp */
  src: string;
  /** jpeg for browsers without webp (spec §9: webp support is checked) */
  fallbackSrc?: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img && img.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <picture>
      <source type="image/webp" srcSet={`${src} ${THUMB_WIDTH}w`} sizes={THUMB_SIZES} />
      <img
      ref={ref}
      src={fallbackSrc ?? src}
      alt={alt}
      width={THUMB_WIDTH}
      height={360}
      loading={eager ? "eager" : "lazy"}
      // The first cards hold the page's largest paint on a phone: fetched before other images.
      fetchPriority={eager ? "high" : "auto"}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]", className)}
      />
    </picture>
  );
}
