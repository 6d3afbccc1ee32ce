import { dateText } from "@/components/investment/detail-format";
import { HAZARD_CREDIT, HAZARD_CREDIT_URL, hazardWording, type HazardFlagView, type HazardLine } from "@/lib/hazard";
import { HAZARD_CAVEAT } from "@/lib/yield-wording";
import { api } from "@/trpc/server";

const TONE: Record<HazardLine["tone"], string> = {
  zone: "border-error/40 bg-error/5 text-primary",
  none: "border-border bg-white text-primary",
  unknown: "border-dashed border-primary-300 bg-primary-50 text-primary-700",
};

/**
 * The detail's ハザード section as markup alone (no script), from flags already read:
 * one sentence per hazard (洪水, 土砂災害警戒区域, 津波, 高潮: src/lib/hazard.ts
 * hazardWording, 「未確認」 where a layer was not read — never 区域外), the date
 * checked, the portal's credit and the caveat (HAZARD_CAVEAT).
 */
export function HazardFlagsView({ flags, checkedAt }: { flags: HazardFlagView[]; checkedAt: Date | null }) {
  const lines = hazardWording(flags);
  return (
    <section aria-labelledby="hazard-title" className="grid gap-3" data-slot="hazard-section">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="hazard-title" className="border-l-4 border-gold pl-2 text-base font-bold tracking-wider">
          ハザード
        </h2>
        <p className="text-xs text-primary-600" data-slot="hazard-checked">
          {checkedAt ? `確認日：${dateText(checkedAt)}` : "確認日：未確認"}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2" data-slot="hazard-lines">
        {lines.map((l) => (
          <li key={l.group} className={`rounded-md border px-3 py-2 text-sm font-bold ${TONE[l.tone]}`} data-tone={l.tone} data-group={l.group}>
            {l.text}
            {l.confirmed && <span className="ml-1 text-xs font-normal text-primary-600">（当社確認済）</span>}
          </li>
        ))}
      </ul>
      <p className="text-xs leading-relaxed text-primary-600" data-slot="hazard-caveat">
        ※{HAZARD_CAVEAT}
      </p>
      <p className="text-xs text-primary-500" data-slot="hazard-credit">
        <a href={HAZARD_CREDIT_URL} target="_blank" rel="noopener" className="underline underline-offset-2">
          {HAZARD_CREDIT}
        </a>
      </p>
    </section>
  );
}

/**
 * The detail page's ハザード section (issue 34): a server component the page mounts
 * with the listing's id. Renders nothing when the viewer may not see the listing or
 * the read fails (the rest of the page stands).
 */
export async function HazardSection({ id }: { id: number }) {
  const h = await api.public.hazards.byListing({ id }).catch(() => null);
  if (!h) return null;
  return <HazardFlagsView flags={h.flags} checkedAt={h.checkedAt} />;
}
