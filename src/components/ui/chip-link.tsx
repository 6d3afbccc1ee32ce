import Link from "next/link";
import type * as React from "react";
import type { Icon } from "@/components/icons";
import { cn } from "@/lib/cn";
import { chipLinkVariants, iconClass, type ChipVariant } from "./chip-link-variants";

type ChipLinkProps = React.ComponentProps<typeof Link> & {
  variant: ChipVariant;
  /** Marks the current choice (refine options, search tabs): the look, and aria-current for assistive technology. */
  active?: boolean;
  /** What aria-current says when active: "true" for a chosen option, "page" for the page shown. */
  current?: "true" | "page";
  /** Drawn before the text, in the variant's icon style. */
  icon?: Icon;
};

/** A navigation link or chip in one of the site's looks (./chip-link-variants.ts). */
export function ChipLink({ variant, active, current = "true", icon: LeadingIcon, className, children, ...props }: ChipLinkProps) {
  const classes = chipLinkVariants({ variant, active: active === undefined ? undefined : active });
  return (
    <Link
      aria-current={active ? current : undefined}
      // cn (tailwind-merge) only when a caller adds classes: the variant strings go out exactly as written.
      className={className ? cn(classes, className) : classes}
      {...props}
    >
      {LeadingIcon ? <LeadingIcon className={iconClass[variant]} aria-hidden="true" /> : null}
      {children}
    </Link>
  );
}
