import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "@/components/ui/button-variants";

const VARIANTS = ["default", "gold", "outline", "outline-gold", "ghost", "destructive", "link"] as const;
const SIZES = ["sm", "default", "lg", "icon", "icon-sm"] as const;

/**
 * Client components take the Button look without tailwind-merge (issue 21): that is only right
 * while no variant/size combination holds two classes for one property, i.e. while merging would
 * change nothing.
 */
describe("buttonVariants", () => {
  it.each(VARIANTS.flatMap((variant) => SIZES.map((size) => [variant, size] as const)))("%s/%s needs no merging", (variant, size) => {
    const classes = buttonVariants({ variant, size });
    expect(twMerge(classes)).toBe(classes);
  });
});
