import type { UseFormReturn } from "react-hook-form";
import type { InvestmentFormInput, InvestmentFormOutput } from "@/schemas/admin/investment";

/** The editor's form values (the admin schema's input side). */
export type Values = InvestmentFormInput;
/** The one react-hook-form instance every section of the editor writes to. */
export type Form = UseFormReturn<Values, unknown, InvestmentFormOutput>;

export interface StoredImageInfo {
  id: number;
  name: string;
}
