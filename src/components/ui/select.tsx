import { ChevronDown } from "@/components/icons";
import type * as React from "react";

/**
 * Native <select> styled like Input (native keeps it accessible and mobile-friendly).
 * Pass <option> children as usual; `wrapperClassName` sizes the outer box (it replaces the
 * default w-full). No class merging (issue 21): `className` is appended to the select's own
 * classes as it is, so pass only classes they do not set.
 */
const SELECT_CLASS =
  "h-10 w-full appearance-none rounded-md border border-primary-200 bg-white py-2 pl-3 pr-9 text-base text-primary shadow-xs transition-colors focus-visible:border-gold-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold-300 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-error md:text-sm";

export function Select({ className, wrapperClassName, children, ...props }: React.ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <div data-slot="select-wrapper" className={`relative ${wrapperClassName ?? "w-full"}`}>
      <select data-slot="select" className={className ? `${SELECT_CLASS} ${className}` : SELECT_CLASS} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-primary-400" />
    </div>
  );
}
