import { cn } from "@/lib/cn";
import type { DealCheckDto, DealChip } from "@/schemas/economics";

/**
 * The deal check (参考, issue 35 item 4) as the card's one line and as the
 * detail's / compare's rows. Server-rendered markup only: no state, no
 * effects, so a list page ships no JavaScript for it. The level is said in
 * words as well as colour (良好 / 中位 / 注意).
 */
export const DEAL_LEVEL_TEXT = { good: "良好", fair: "中位", poor: "注意", unknown: "判定なし" } as const;
export const DEAL_LEVEL_CLASS = {
  good: "text-emerald-700",
  fair: "text-amber-700",
  poor: "text-error",
  unknown: "text-primary-500",
} as const;
const DOT = { good: "●", fair: "▲", poor: "■", unknown: "－" } as const;

/** The card's compact line: "参考 ●表面+0.82pt ▲㎡単価+4% ■残存6年". Nothing when no row could be judged. */
export function DealLine({ chips, className }: { chips: readonly DealChip[]; className?: string }) {
  if (chips.length === 0) return null;
  return (
    <p className={cn("flex flex-wrap gap-x-2 text-[11px] leading-snug", className)} data-slot="deal-line" title="類似物件の中央値等との比較（参考）">
      <span className="text-primary-500">参考</span>
      {chips.map((c) => (
        <span key={c.key} className={DEAL_LEVEL_CLASS[c.level]} data-level={c.level}>
          {DOT[c.level]}
          {c.text}
        </span>
      ))}
    </p>
  );
}

/** The deal check's rows, each with its level, figure and basis, then how it is computed. */
export function DealCheckList({ check, className }: { check: DealCheckDto; className?: string }) {
  return (
    <div className={className} data-slot="deal-check">
      <ul className="grid gap-2">
        {check.rows.map((r) => (
          <li
            key={r.key}
            className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 border-t border-border pt-2 text-sm"
            data-key={r.key}
            data-level={r.level}
          >
            <span className="font-bold text-primary-700">{r.label}</span>
            <span>
              <span className={cn("font-bold", DEAL_LEVEL_CLASS[r.level])}>
                {DOT[r.level]} {DEAL_LEVEL_TEXT[r.level]}
              </span>{" "}
              <span className="tabular">{r.figure}</span>
              <span className="mt-0.5 block text-xs text-primary-500">{r.basis}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs leading-relaxed text-primary-500">{check.note}</p>
    </div>
  );
}
