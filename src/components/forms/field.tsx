import type * as React from "react";

/**
 * A labelled form row: label (with 必須 badge), the control, a hint and the
 * field's Japanese error underneath, wired with aria-describedby/aria-invalid. `className` is
 * added to the row's "grid gap-1.5" as it is (no class merging on the client, issue 21).
 */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `grid gap-1.5 ${className}` : "grid gap-1.5"}>
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-bold text-primary">
        {label}
        {required ? <span className="rounded bg-error px-1.5 py-0.5 text-[10px] font-bold leading-none text-white">必須</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, opts: { error?: string | undefined; hint?: boolean }): string | undefined {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FormAlert({ message, tone = "error" }: { message: string | null | undefined; tone?: "error" | "success" }) {
  if (!message) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-4 py-3 text-sm ${tone === "error" ? "border-error/30 bg-error-50 text-error" : "border-gold-300 bg-gold-50 text-primary"}`}
    >
      {message}
    </div>
  );
}
