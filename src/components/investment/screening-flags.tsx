import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { screeningFlags, type ListingForFlags } from "@/lib/simulator";

/**
 * Screening flags computed from the data (src/lib/simulator.ts screeningFlags):
 * 新耐震, 残存耐用年数 N年, 満室, 検査済証あり, 大規模修繕済. A flag that is also a
 * search filter (fs) links to the list filtered by it.
 */
export function ScreeningFlags({ listing, now, className }: { listing: ListingForFlags; now: Date; className?: string }) {
  const flags = screeningFlags(listing, now);
  if (flags.length === 0) return null;
  return (
    <ul className={className ?? "flex flex-wrap gap-1.5"} aria-label="スクリーニング条件" data-slot="screening-flags">
      {flags.map((f) => (
        <li key={f.key} data-flag={f.key}>
          {f.fs !== null ? (
            <Badge asChild variant="outline">
              <Link href={`/investments/page/1/?fs=${f.fs}`} title={`「${f.label}」の物件を探す`}>
                {f.label}
              </Link>
            </Badge>
          ) : (
            <Badge variant="outline">{f.label}</Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
