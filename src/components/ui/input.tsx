import type * as React from "react";

export const inputClassName =
  "flex h-10 w-full min-w-0 rounded-md border border-primary-200 bg-white px-3 py-2 text-base text-primary shadow-xs transition-colors placeholder:text-primary-400 focus-visible:border-gold-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-gold-300 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-error aria-invalid:outline-error-100 md:text-sm";

/** `className` is appended as it is (no merging, issue 21): pass only classes inputClassName does not set. */
export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input data-slot="input" type={type} className={className ? `${inputClassName} ${className}` : inputClassName} {...props} />;
}
