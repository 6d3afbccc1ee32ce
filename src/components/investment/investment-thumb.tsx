"use client";

import { useCallback, useState } from "react";
import { cn } from "@/lib/cn";

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
      <source type="image/webp" srcSet={src} />
      <img
      ref={ref}
      src={fallbackSrc ?? src}
      alt={alt}
      width={480}
      height={360}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]", className)}
      />
    </picture>
  );
}
