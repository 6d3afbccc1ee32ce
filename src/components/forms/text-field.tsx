"use client";

import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { describedBy, Field } from "./field";

/** Reads a nested error message ("names.last") from react-hook-form's error tree. */
export function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  const message = node && typeof node === "object" ? (node as { message?: unknown }).message : undefined;
  return typeof message === "string" ? message : undefined;
}

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  ...input
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
} & Omit<React.ComponentProps<"input">, "name" | "form">) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const error = errorAt(form.formState.errors, name);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} className={className}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint: Boolean(hint) })}
        {...input}
        {...form.register(name)}
      />
    </Field>
  );
}
