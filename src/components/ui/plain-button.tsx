import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { buttonVariants } from "./button-variants";

export type PlainButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

/**
 * Button's look on a plain <button>, for client components: no radix Slot and no tailwind-merge
 * (issue 21: the forms' pages ship neither). The look needs no merging (./button-variants.ts);
 * `className` is appended as it is, so pass only classes the variant and size do not set (for a
 * different height or padding, pass `size={null}` and spell the size out). A link with the look:
 * `<Link data-slot="button" className={buttonVariants(…)}>`.
 */
export function PlainButton({ className, variant, size, type, ...props }: PlainButtonProps) {
  const look = buttonVariants({ variant, size });
  return <button data-slot="button" className={className ? `${look} ${className}` : look} type={type ?? "button"} {...props} />;
}
