import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/cn";

export const badgeVariants = cva(
  // the base look is a component class (globals.css): lists draw a badge per card
  "badge",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        gold: "border-transparent bg-gold text-primary-950",
        "gold-outline": "border-gold bg-gold-50 text-gold-700",
        outline: "border-primary-300 bg-white text-primary-700",
        muted: "border-transparent bg-muted text-muted-foreground",
        error: "border-transparent bg-error text-error-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
