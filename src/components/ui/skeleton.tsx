import type * as React from "react";
import { cn } from "@/lib/cn";

/** Placeholder block while something loads; hidden from assistive technology. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-primary-100", className)} {...props} />;
}
