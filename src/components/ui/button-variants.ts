/**
 * The Button look (./button.tsx), apart from Button so that a client component can take it without
 * radix Slot and tailwind-merge (issue 21). Conflict-free by construction: no two classes of one
 * variant/size combination set the same property (each size brings its own text size; the link
 * variant takes the size's height and padding, as it always did after merging), so the string is
 * final without merging (tests/unit/components/button-variants.test.ts). A plain lookup, not cva: the
 * list and detail pages' islands ship no class-variance-authority (issue 21); same output as cva's
 * (base, variant, size; `undefined` takes the default, `null` none).
 */
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-bold tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANT = {
  default: "bg-primary text-primary-foreground hover:bg-primary-800",
  // Near-black on gold: white on #b8932f is 2.9:1, below WCAG AA.
  gold: "bg-gold text-primary-950 hover:bg-gold-400",
  outline: "border border-primary-300 bg-white text-primary hover:border-primary hover:bg-primary-50",
  "outline-gold": "border border-gold bg-transparent text-gold-600 hover:bg-gold-50",
  ghost: "text-primary hover:bg-primary-50",
  destructive: "bg-error text-error-foreground hover:bg-error-700",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

const SIZE = {
  sm: "h-8 px-3 text-xs",
  default: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10 text-sm",
  "icon-sm": "size-8 text-sm",
} as const;

export interface ButtonLook {
  variant?: keyof typeof VARIANT | null;
  size?: keyof typeof SIZE | null;
}

export function buttonVariants({ variant = "default", size = "default" }: ButtonLook = {}): string {
  return [BASE, variant && VARIANT[variant], size && SIZE[size]].filter(Boolean).join(" ");
}
