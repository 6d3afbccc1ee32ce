"use client";

import type { FieldValues } from "react-hook-form";
import { Select } from "@/components/ui/select";
import { FormField, type FormFieldProps } from "./text-field";

/** A labelled select of fixed choices, with 選択してください first (an empty value). */
export function SelectField<T extends FieldValues>({
  options,
  autoComplete,
  ...field
}: FormFieldProps<T> & {
  options: readonly { key: string; name: string }[];
  /** e.g. address-level1 for 都道府県, so a phone's autofill picks it */ autoComplete?: string;
}) {
  return (
    <FormField
      {...field}
      control={(wiring) => (
        <Select {...wiring} autoComplete={autoComplete} {...field.form.register(field.name)}>
          <option value="">選択してください</option>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </Select>
      )}
    />
  );
}
