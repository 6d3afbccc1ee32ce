import Link from "next/link";
import { cn } from "@/lib/cn";

/** A list page's query string as Next hands it to the page. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The first value of a query parameter ("" when absent). */
export const firstParam = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] : v) ?? "";

export interface FilterOption {
  value: string | number;
  label: string;
}

export type FilterField =
  | { kind: "text"; name: string; label: string; inputMode?: "numeric" | "tel" }
  | { kind: "date"; name: string; label: string }
  /** A select whose first, empty option reads `emptyLabel` (default すべて). */
  | { kind: "select"; name: string; label: string; options: readonly FilterOption[]; emptyLabel?: string };

const LAYOUTS = {
  /** A card of equal columns (the grid's column counts come from `className`); submit and clear sit in the last cell. */
  grid: { form: "grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm", control: "h-9 w-full min-w-0 rounded-md border border-border bg-white px-2" },
  /** One wrapping row of fields followed by the submit button. */
  inline: { form: "flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 text-sm shadow-sm", control: "h-9 rounded-md border border-border px-2" },
} as const;
const SUBMIT = "h-9 rounded-md bg-primary px-4 font-bold text-white";

/**
 * The GET search form above an admin list: labelled native controls filled
 * from the current query, a submit button and (with `clearHref`) a クリア link.
 */
export function AdminFilterBar({
  fields,
  values,
  label,
  action,
  layout = "grid",
  className,
  submitLabel = "検索",
  clearHref,
}: {
  fields: readonly FilterField[];
  values: SearchParams;
  /** The form's accessible name. */
  label?: string;
  action?: string;
  layout?: keyof typeof LAYOUTS;
  className?: string;
  submitLabel?: string;
  clearHref?: string;
}) {
  const { form, control } = LAYOUTS[layout];
  const submit = (
    <button type="submit" className={SUBMIT}>
      {submitLabel}
    </button>
  );
  return (
    <form method="get" action={action} className={cn(form, className)} aria-label={label}>
      {fields.map((f) => (
        <label key={f.name} className="grid min-w-0 gap-1">
          {f.label}
          {f.kind === "select" ? (
            <select name={f.name} defaultValue={firstParam(values[f.name])} className={control}>
              <option value="">{f.emptyLabel ?? "すべて"}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={f.kind === "date" ? "date" : undefined}
              name={f.name}
              defaultValue={firstParam(values[f.name])}
              inputMode={f.kind === "text" ? f.inputMode : undefined}
              className={control}
            />
          )}
        </label>
      ))}
      {clearHref ? (
        <div className="flex items-end gap-2">
          {submit}
          <Link href={clearHref} className="underline">
            クリア
          </Link>
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
