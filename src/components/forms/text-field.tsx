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

/** The control's id ("names.last" → "f-names-last"): its label, hint and error are tied to it. */
export const fieldId = (name: string) => `f-${name.replace(/\./g, "-")}`;

/** What every labelled form control takes besides its own props. */
export interface FormFieldProps<T extends FieldValues> {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

/** The props that tie a control to its label, hint and error. */
interface ControlWiring {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The label / hint / error frame of one form field; `control` draws the control with the wiring props spread on it. */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  control,
}: FormFieldProps<T> & { control: (wiring: ControlWiring) => React.ReactNode }) {
  const id = fieldId(name);
  const error = errorAt(form.formState.errors, name);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} className={className}>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, { error, hint: Boolean(hint) }) })}
    </Field>
  );
}

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  ...input
}: FormFieldProps<T> & Omit<React.ComponentProps<"input">, "name" | "form">) {
  return <FormField {...{ form, name, label, required, hint, className }} control={(wiring) => <Input {...wiring} {...input} {...form.register(name)} />} />;
}
