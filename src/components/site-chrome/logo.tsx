import Link from "next/link";
import { SITE } from "@/lib/constants/site";
import { cn } from "@/lib/cn";
import { BRAND, MARK_BUILDINGS, MARK_GROUND, MARK_WINDOWS } from "./logo-mark";

/** The mark alone, inline (no extra request). Decorative unless a title is given. */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn("size-10 shrink-0", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="64" height="64" rx="12" fill={BRAND.dark} stroke={BRAND.gold} strokeOpacity="0.35" strokeWidth="1.5" />
      <path d={MARK_BUILDINGS.join("")} fill={BRAND.gold} />
      <path d={MARK_WINDOWS.join("")} fill={BRAND.dark} />
      <path d={MARK_GROUND} fill={BRAND.goldLight} />
    </svg>
  );
}

/**
 * Mark + site title linking home. `tone` picks text colours for a dark
 * (header, footer) or light background.
 */
export function Logo({ className, tone = "dark", showTagline = true }: { className?: string; tone?: "dark" | "light"; showTagline?: boolean }) {
  return (
    <Link
      href="/"
      className={cn(
        "group inline-flex min-w-0 items-center gap-2.5 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-500",
        className,
      )}
      aria-label={`${SITE.title} トップページ`}
    >
      <LogoMark className="size-9 sm:size-10" />
      <span className="flex min-w-0 flex-col leading-tight">
        {showTagline && (
          <span className={cn("hidden truncate text-[0.65rem] tracking-wider sm:block", tone === "dark" ? "text-gold-300" : "text-gold-600")}>
            {SITE.tagline}
          </span>
        )}
        <span className={cn("truncate text-base font-bold tracking-wider sm:text-lg", tone === "dark" ? "text-white" : "text-primary")}>{SITE.title}</span>
      </span>
    </Link>
  );
}
