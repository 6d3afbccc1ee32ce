"use client";

import type * as React from "react";
import { useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { fieldId, FormField, type FormFieldProps } from "@/components/forms/text-field";
import { inputClassName } from "@/components/ui/input";
import { cn } from "@/lib/cn";

/**
 * Compact form controls for the admin screens (native inputs and selects, so
 * keyboard use, autofill and browser tests behave as expected), each wired to
 * react-hook-form with its Japanese error under it.
 */
type Form<T extends FieldValues> = UseFormReturn<T, unknown, unknown>;

export function AdminInput<T extends FieldValues>({
  form,
  name,
  label,
  required,
  hint,
  className,
  suffix,
  ...input
}: FormFieldProps<T> & { suffix?: string } & Omit<React.ComponentProps<"input">, "name" | "form">) {
  return (
    <FormField
      {...{ form, name, label, required, hint, className }}
      control={(wiring) => (
        <div className="flex items-center gap-2">
          <input className={cn(inputClassName, "h-9")} {...wiring} {...input} {...form.register(name)} />
          {suffix ? <span className="shrink-0 text-sm text-muted-foreground">{suffix}</span> : null}
        </div>
      )}
    />
  );
}

export function AdminTextarea<T extends FieldValues>({ rows = 4, ...field }: FormFieldProps<T> & { rows?: number }) {
  return (
    <FormField
      {...field}
      control={(wiring) => <textarea rows={rows} className={cn(inputClassName, "h-auto")} {...wiring} {...field.form.register(field.name)} />}
    />
  );
}

export interface Choice {
  id: number | string;
  name: string;
}

export function AdminSelect<T extends FieldValues>({
  choices,
  placeholder = "選択してください",
  onValue,
  ...field
}: FormFieldProps<T> & {
  choices: readonly Choice[];
  placeholder?: string;
  onValue?: (value: string) => void;
}) {
  const reg = field.form.register(field.name);
  // Controlled by the form value: an uncontrolled select whose options arrive
  // later (市区町村, 路線, 駅 load after the stored value is set) keeps showing
  // the placeholder although the value is stored.
  const value = useWatch({ control: field.form.control, name: field.name }) as unknown;
  return (
    <FormField
      {...field}
      control={(wiring) => (
        <select
          className={cn(inputClassName, "h-9 py-0")}
          {...wiring}
          {...reg}
          value={value === null || value === undefined ? "" : String(value)}
          onChange={(e) => {
            void reg.onChange(e);
            onValue?.(e.target.value);
          }}
        >
          <option value="">{placeholder}</option>
          {choices.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function AdminCheckbox<T extends FieldValues>({ form, name, label }: { form: Form<T>; name: Path<T>; label: string }) {
  const id = fieldId(name);
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm font-bold">
      <input id={id} type="checkbox" className="size-4 accent-primary" {...form.register(name)} />
      {label}
    </label>
  );
}

/** A titled block of the editor. */
export function Section({ id, title, children, className }: { id?: string; title: string; children: React.ReactNode; className?: string }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className={cn("grid gap-4 rounded-lg bg-white p-5 shadow-sm", className)}>
      <h2 id={id ? `${id}-title` : undefined} className="border-l-4 border-gold pl-3 text-base font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const gridCols = "grid gap-4 sm:grid-cols-2 lg:grid-cols-4";
