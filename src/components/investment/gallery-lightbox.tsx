"use client";

import { ChevronLeft, ChevronRight, X } from "@/components/icons";
import { useRef } from "react";
import type * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { GalleryPicture, galleryKeyTarget } from "./gallery-picture";
import type { GalleryImage } from "./investment-gallery";

/** A horizontal swipe of at least this many CSS pixels changes the picture. */
const SWIPE_PX = 40;

const navButton =
  "absolute top-1/2 z-10 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white transition-colors hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400";

/**
 * The gallery enlarged to the whole screen: an accessible modal dialog (radix:
 * focus stays inside, Esc closes, focus returns to the button that opened it),
 * ←/→ and Home/End on the keyboard, a swipe on touch screens, every picture
 * with its alt text. Loaded only when a visitor opens it.
 */
export default function GalleryLightbox({
  images,
  index,
  title,
  label,
  onIndex,
  onClose,
  returnFocus,
}: {
  /** Gets the focus back on close (the dialog has no radix Trigger to return to). */
  returnFocus: React.RefObject<HTMLElement | null>;
  images: readonly GalleryImage[];
  index: number;
  title: string;
  /** 写真 or 間取り図 */
  label: string;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)]!;
  const go = (i: number) => onIndex(((i % count) + count) % count);
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-primary-950" />
        <DialogPrimitive.Content
          aria-modal="true"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-primary-950 text-white focus:outline-none"
          data-slot="gallery-lightbox"
          onKeyDown={(e) => {
            const target = galleryKeyTarget(e.key, index, count);
            if (target === null) return;
            go(target);
            e.preventDefault();
            // the dialog is portalled, but React events still bubble to the gallery's own key handler
            e.stopPropagation();
          }}
        >
          <div className="flex items-center gap-3 px-4 py-3">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-bold">{title}</DialogPrimitive.Title>
            <p className="tabular shrink-0 text-sm" aria-live="polite">
              <span className="sr-only">{label} </span>
              {index + 1} / {count}
            </p>
            <DialogPrimitive.Close
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-gold-400"
              aria-label="拡大表示を閉じる"
            >
              <X className="size-6" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            左右の矢印キー、または左右へのスワイプで切り替えます。Escキーで閉じます。
          </DialogPrimitive.Description>
          <div
            className="relative min-h-0 flex-1 touch-pan-y select-none"
            onPointerDown={(e) => {
              start.current = { x: e.clientX, y: e.clientY };
            }}
            onPointerUp={(e) => {
              const s = start.current;
              start.current = null;
              if (!s || count < 2) return;
              const dx = e.clientX - s.x;
              if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - s.y)) go(index + (dx < 0 ? 1 : -1));
            }}
            onPointerCancel={() => {
              start.current = null;
            }}
          >
            <GalleryPicture
              key={current.src}
              image={current}
              sizes="100vw"
              draggable={false}
              className="absolute inset-0 size-full object-contain"
              data-slot="lightbox-image"
            />
            {count > 1 && (
              <>
                <button type="button" onClick={() => go(index - 1)} aria-label={`前の${label}`} className={`${navButton} left-2 sm:left-4`}>
                  <ChevronLeft className="size-7" aria-hidden="true" />
                </button>
                <button type="button" onClick={() => go(index + 1)} aria-label={`次の${label}`} className={`${navButton} right-2 sm:right-4`}>
                  <ChevronRight className="size-7" aria-hidden="true" />
                </button>
              </>
            )}
          </div>
          <p className="min-h-12 px-4 py-3 text-center text-sm text-white/85">{current.caption ?? ""}</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
