/**
 * Text on the brand gold: white on #b8932f is 2.9:1, below WCAG AA (4.5:1), so
 * gold buttons and badges carry near-black text (6:1) and lighten on hover.
 * Add to `variant="gold"` Buttons and Badges (tailwind-merge overrides the variant's colours).
 */
export const GOLD_TEXT = "text-primary-950 hover:bg-gold-400";
export const GOLD_BADGE_TEXT = "text-primary-950";
