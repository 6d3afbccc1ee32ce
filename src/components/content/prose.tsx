import { cn } from "@/lib/cn";

/**
 * Typography for CMS bodies, written by hand (no typography plugin):
 * headings with the gold rule, comfortable Japanese line height, lists,
 * links, tables, quotes and images.
 */
export const PROSE_CLASSES = cn(
  "max-w-none text-[15px] leading-[1.95] text-primary-800 md:text-base",
  "[&>*+*]:mt-5 [&>*:first-child]:mt-0",
  "[&_h2]:mt-12 [&_h2]:border-l-4 [&_h2]:border-gold [&_h2]:pl-3 [&_h2]:text-lg [&_h2]:font-bold [&_h2]:leading-snug [&_h2]:text-primary md:[&_h2]:text-xl",
  "[&_h3]:mt-8 [&_h3]:border-b [&_h3]:border-border [&_h3]:pb-1.5 [&_h3]:text-base [&_h3]:font-bold [&_h3]:text-primary md:[&_h3]:text-lg",
  "[&_h4]:mt-6 [&_h4]:font-bold [&_h4]:text-primary",
  "[&_a]:font-bold [&_a]:text-gold-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-gold-800",
  "[&_strong]:font-bold [&_strong]:text-primary [&_em]:not-italic [&_em]:bg-gold-50",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5 [&_li]:pl-1 [&_li::marker]:text-gold-600",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-primary-200 [&_blockquote]:bg-muted [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-primary-600",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_hr]:my-10 [&_hr]:border-border",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em]",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border [&_th]:border-border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2",
);

/**
 * Renders a CMS body. `html` MUST be body_html from cms_pages / cms_posts:
 * it is sanitised when it is stored (the seed escapes everything it renders,
 * the admin editor sanitises its output before saving), and that is the only
 * reason inserting it unescaped here is acceptable. Never pass anything else.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={cn(PROSE_CLASSES, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
