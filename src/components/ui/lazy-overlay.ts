"use client";

import { useRef, useState } from "react";
import { MOUNT_MARK, useMountMark } from "./mount-mark";

/**
 * An overlay (dialog, sheet) whose code loads when it is first wanted, not with the page: the page
 * renders only its trigger, a plain button; the overlay mounts on the first click, and its chunk
 * starts loading on hover, focus or touch, so it is usually there by the click (issue 21: a phone
 * downloads and boots no JavaScript for dialogs nobody opens).
 *
 * Spread `trigger` on the button and pass `returnFocus` as the content's onCloseAutoFocus: Radix
 * gives focus back on close only to its own Trigger element. A popover anchors to `triggerRef`.
 */
export function useLazyOverlay(preload: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // a press before this trigger is committed is held by a deferred page's loader, then given again
  useMountMark(triggerRef);
  const warm = () => void preload().catch(() => undefined);
  return {
    open,
    setOpen,
    mounted,
    trigger: {
      ref: triggerRef,
      ...MOUNT_MARK,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: warm,
      onFocus: warm,
      onTouchStart: warm,
      // Toggles: a popover's trigger stays clickable while it is open (a modal's is covered).
      onClick: () => {
        setMounted(true);
        setOpen((o) => !o);
      },
    },
    /** For a non-modal overlay's onInteractOutside: a press on the trigger is its own toggle, not an outside click. */
    keepOpenOnTrigger: (e: { target: EventTarget | null; preventDefault: () => void }) => {
      if (e.target instanceof Node && triggerRef.current?.contains(e.target)) e.preventDefault();
    },
    triggerRef,
    returnFocus: (e: Event) => {
      e.preventDefault();
      triggerRef.current?.focus();
    },
  };
}
