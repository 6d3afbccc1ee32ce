import Link from "next/link";
import type * as React from "react";
import { cn } from "@/lib/cn";

/** A sortable column's state: where its header link goes and how the list is sorted by it now (null: not at all). */
export interface ColumnSort {
  href: string;
  direction: "asc" | "desc" | null;
}

export interface AdminColumn<Row> {
  /** React key of the column. */
  key: string;
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  /** Added to the column's th and td (e.g. "text-right"). */
  className?: string;
  /** Added to the column's td only (e.g. "whitespace-nowrap"). */
  cellClassName?: string;
  /** With a sort, the header becomes a link with aria-sort and a ▲ / ▼ mark. */
  sort?: ColumnSort;
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const MARK = { asc: " ▲", desc: " ▼" } as const;

/**
 * The admin list table: white card, tinted head, one row a record. Columns are
 * configured (header, cell, classes, optional sort link); `empty` is shown
 * under the table when there are no rows. Usable from server and client components.
 */
export function AdminDataTable<Row>({
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  emptyAs = "note",
}: {
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => React.Key;
  rowClassName?: string;
  empty?: React.ReactNode;
  /** Where `empty` goes: a note under the table, or a centred row inside it. */
  emptyAs?: "note" | "row";
}) {
  const none = Boolean(empty) && rows.length === 0;
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      {/* Below md the table takes its content's width and scrolls sideways: fitted to a phone, the
          nowrap columns squeezed the wrapping ones (names, titles, e-mail) to one character a line. */}
      <table className="w-full text-sm max-md:min-w-max">
        <thead className="bg-primary-50 text-left">
          <tr>
            {columns.map((c) => (
              <th key={c.key} className={cn("px-3 py-2", c.className)} aria-sort={c.sort?.direction ? ARIA_SORT[c.sort.direction] : undefined}>
                {c.sort ? (
                  <Link href={c.sort.href}>
                    {c.header}
                    {c.sort.direction ? MARK[c.sort.direction] : ""}
                  </Link>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {none && emptyAs === "row" ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((r) => (
            <tr key={rowKey(r)} className={cn("border-t border-border", rowClassName)}>
              {columns.map((c) => (
                <td key={c.key} className={cn("px-3 py-2", c.className, c.cellClassName)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {none && emptyAs === "note" ? <p className="p-4 text-sm">{empty}</p> : null}
    </div>
  );
}

/** The bold link from a list row to the record's screen. */
export function RecordLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className="font-bold underline underline-offset-2">
      {children}
    </Link>
  );
}
