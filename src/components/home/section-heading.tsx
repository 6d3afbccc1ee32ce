import { ChevronRight } from "@/components/icons";
import Link from "next/link";
import { cn } from "@/lib/cn";

/** Section title: English kicker in gold, Japanese heading, optional "see all" link. */
export function SectionHeading({
  id,
  kicker,
  title,
  moreHref,
  moreLabel = "一覧を見る",
  tone = "light",
  className,
}: {
  id: string;
  kicker: string;
  title: string;
  moreHref?: string;
  moreLabel?: string;
  tone?: "light" | "dark";
  className?: string;
}) {
  return (
    <div className={cn("mb-6 flex items-end justify-between gap-4 sm:mb-8", className)}>
      <div>
        <p className={cn("text-xs font-bold tracking-[0.25em]", tone === "dark" ? "text-gold-300" : "text-gold-700")} aria-hidden="true">
          {kicker}
        </p>
        <h2 id={id} className={cn("mt-1 text-xl font-bold tracking-wider sm:text-2xl", tone === "dark" ? "text-white" : "text-primary")}>
          {title}
        </h2>
        <span className="mt-2 block h-0.5 w-10 bg-gold" aria-hidden="true" />
      </div>
      {moreHref && (
        <Link
          href={moreHref}
          className={cn(
            "group flex shrink-0 items-center gap-1 text-sm font-bold hover:text-gold-700",
            tone === "dark" ? "text-primary-100" : "text-primary-700",
          )}
        >
          {moreLabel}
          <ChevronRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </Link>
      )}
    </div>
  );
}
