import type * as React from "react";
import { cn } from "@/lib/cn";

export interface SpecRow {
  label: string;
  /** null/"" shows `empty` (default —). */
  value: React.ReactNode;
  /** Spans both columns on wide screens (long text). */
  wide?: boolean;
  empty?: string;
}

const isEmpty = (v: React.ReactNode) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * 物件概要 rows as a description list that looks like the portals' tables:
 * label cells on a muted ground, two pairs per line on wide screens.
 */
export function SpecList({ rows, className }: { rows: readonly SpecRow[]; className?: string }) {
  // Two pairs per line on wide screens; a pair left alone on its line (before a wide row or at
  // the end) takes the whole line, so every line is filled and the borders meet.
  const spans: boolean[] = [];
  let col = 0;
  rows.forEach((r, i) => {
    if (r.wide) {
      spans[i] = true;
      col = 0;
      return;
    }
    const next = rows[i + 1];
    const alone = col === 0 && (!next || next.wide === true);
    spans[i] = alone;
    col = alone ? 0 : (col + 1) % 2;
  });
  return (
    <dl className={cn("grid overflow-hidden rounded-lg border-l border-t border-border md:grid-cols-2", className)}>
      {rows.map((r, i) => (
        <div
          key={r.label}
          className={cn(
            "grid grid-cols-[7.5rem_minmax(0,1fr)] border-b border-r border-border text-sm sm:grid-cols-[9rem_minmax(0,1fr)]",
            spans[i] && "md:col-span-2",
          )}
        >
          <dt className="bg-muted px-3 py-2.5 font-bold text-primary-700">{r.label}</dt>
          <dd className="min-w-0 break-words px-3 py-2.5">{isEmpty(r.value) ? <span className="text-primary-600">{r.empty ?? "—"}</span> : r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSection({ id, title, children, className }: { id: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={cn("scroll-mt-4", className)}>
      <h2 id={id} className="mb-3 border-l-4 border-gold pl-3 text-lg font-bold leading-snug md:text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
