"use client";

import { Building2, ChevronLeft, ChevronRight, Search } from "@/components/icons";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { GalleryPicture, galleryKeyTarget } from "./gallery-picture";
import { MOUNT_MARK, useMountMark } from "@/components/ui/mount-mark";

// The full-screen view is fetched only when someone opens it (the detail page's first load stays small).
// React.lazy, not next/dynamic: mounted only after a click, and next/dynamic's runtime (~2.5 KiB) stays off the page (issue 21).
const GalleryLightbox = lazy(() => import("./gallery-lightbox"));

export interface GalleryImage {
  /** The large webp's URL (also the picture's identity, for keys). */
  src: string;
  /** srcset of the AVIF files, 320 px up to the large one */
  avifSet: string;
  /** srcset of the WebP files, 320 px up to the large one */
  webpSet: string;
  /** jpeg fallback (spec §9: webp support is checked) */
  fallback: string;
  /** srcsets of the 160/320 px files, for the thumbnail strip */
  thumbAvifSet: string;
  thumbWebpSet: string;
  thumbFallback: string;
  alt: string;
  caption: string | null;
  width: number | null;
  height: number | null;
}

/** The strip's buttons: 4.7rem wide, 5.3rem from sm. */
const STRIP_SIZES = "(min-width: 640px) 85px, 75px";

/**
 * The listing's photos: a main picture (webp with a jpeg fallback through
 * <picture>, so the browser decides), previous/next buttons, a counter, the
 * caption and a strip of thumbnails. Keyboard: ←/→ (and Home/End) on the
 * gallery move between photos; every control is a real button. On a visitor's page React comes
 * later (issue 31, static-pages.ts): each control is `data-hydrate-on-tap`, so the first press starts
 * it and is given again once React has committed the gallery (useMountMark).
 */
export function InvestmentGallery({
  images,
  title,
  label = "写真",
  sizes,
  "data-slot": dataSlot = "gallery",
}: {
  images: readonly GalleryImage[];
  title: string;
  /** The main picture's drawn width (GALLERY_SIZES by default). */
  sizes?: string;
  /** What the pictures are, for the labels: 写真 or 間取り図. */
  label?: string;
  "data-slot"?: string;
}) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const zoomRef = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  const stripRef = useRef<HTMLUListElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  useMountMark(sectionRef);
  const count = images.length;

  const go = useCallback(
    (i: number) => {
      if (count === 0) return;
      const next = ((i % count) + count) % count;
      setIndex(next);
      const thumb = stripRef.current?.children[next] as HTMLElement | undefined;
      thumb?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "smooth" });
    },
    [count],
  );

  if (count === 0) {
    return (
      <div
        className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg bg-gradient-to-br from-primary-100 to-primary-200 text-primary-400"
        data-slot="gallery-empty"
      >
        <Building2 className="size-16" strokeWidth={1.25} aria-hidden="true" />
        <p className="text-sm font-bold text-primary-600">写真は準備中です</p>
      </div>
    );
  }

  const current = images[Math.min(index, count - 1)]!;
  const onKeyDown = (e: React.KeyboardEvent) => {
    const target = galleryKeyTarget(e.key, index, count);
    if (target === null) return;
    go(target);
    e.preventDefault();
  };

  return (
    <section
      ref={sectionRef}
      {...MOUNT_MARK}
      aria-roledescription="写真ギャラリー"
      aria-label={`${title}の${label}`}
      className="grid gap-2"
      onKeyDown={onKeyDown}
      data-slot={dataSlot}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-primary-950">
        {failed.has(index) ? (
          <div className="absolute inset-0 flex items-center justify-center text-primary-400" aria-hidden="true">
            <Building2 className="size-16" strokeWidth={1.25} />
          </div>
        ) : (
          <GalleryPicture
            key={current.src}
            image={current}
            sizes={sizes}
            fetchPriority={index === 0 ? "high" : "auto"}
            onError={() => setFailed((s) => new Set(s).add(index))}
            className="absolute inset-0 size-full cursor-zoom-in object-contain"
            data-slot="gallery-main"
            data-hydrate-on-tap
            onClick={() => setZoom(true)}
          />
        )}
        <button
          ref={zoomRef}
          type="button"
          onClick={() => setZoom(true)}
          aria-label={`${label}を拡大表示`}
          aria-haspopup="dialog"
          className="absolute right-2 top-2 flex h-9 items-center gap-1 rounded-full bg-black/55 px-3 text-xs font-bold text-white transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          data-slot="gallery-zoom"
        >
          <Search className="size-4" aria-hidden="true" />
          拡大
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              data-hydrate-on-tap
              onClick={() => go(index - 1)}
              aria-label={`前の${label}`}
              className="absolute left-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              data-hydrate-on-tap
              onClick={() => go(index + 1)}
              aria-label={`次の${label}`}
              className="absolute right-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/55 text-white transition-colors hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
            >
              <ChevronRight className="size-6" aria-hidden="true" />
            </button>
          </>
        )}
        <p className="tabular absolute bottom-2 right-2 rounded-full bg-black/65 px-2.5 py-0.5 text-xs font-bold text-white" aria-live="polite">
          <span className="sr-only">{label} </span>
          {index + 1} / {count}
        </p>
      </div>
      {current.caption && <p className="text-sm text-primary-600">{current.caption}</p>}
      {count > 1 && (
        <ul ref={stripRef} className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]" aria-label={`${label}の一覧`}>
          {images.map((img, i) => (
            <li key={img.src} className="shrink-0">
              <button
                type="button"
                data-hydrate-on-tap
                onClick={() => go(i)}
                aria-label={`${label}${i + 1}を表示${img.caption ? `（${img.caption}）` : ""}`}
                aria-current={i === index ? "true" : undefined}
                className={`relative block h-14 w-[4.7rem] overflow-hidden rounded-md bg-primary-100 ring-offset-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500 sm:h-16 sm:w-[5.3rem] ${
                  i === index ? "ring-2 ring-gold-500" : "opacity-70 hover:opacity-100"
                }`}
              >
                <picture>
                  <source type="image/avif" srcSet={img.thumbAvifSet} sizes={STRIP_SIZES} />
                  <source type="image/webp" srcSet={img.thumbWebpSet} sizes={STRIP_SIZES} />
                  <img src={img.thumbFallback} alt="" width={160} height={120} loading="lazy" decoding="async" className="size-full object-cover" />
                </picture>
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoom && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images}
            index={index}
            title={`${title}の${label}`}
            label={label}
            returnFocus={zoomRef}
            onIndex={go}
            onClose={() => setZoom(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
