"use client";

import { useEffect, useRef, useState } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import type { PostalAddress } from "@/schemas/postal";
import { fetchQuery, ProcedureError } from "@/trpc/fetch-query";

/** "５３０－０００１" / "530-0001" / "5300001" → "5300001", or null until 7 digits are there. */
export function zipDigits(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const d = value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[-ー－−\s]/g, "");
  return /^\d{7}$/.test(d) ? d : null;
}

const LOOKUP_FAILED = "住所を検索できませんでした。お手数ですが住所を入力してください。";

/**
 * 郵便番号 → 都道府県・市区町村・町域: once the code has 7 digits the server looks it up
 * (public.postal.lookup, bundled Japan Post data) and the fields are filled. 町名・番地 is only
 * filled while it is empty or still what an earlier lookup put there, so a typed 番地 is kept.
 * A code with no address: its Japanese message under the field, nothing filled.
 */
export function usePostalAutofill<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>): string | null {
  const [status, setStatus] = useState<string | null>(null);
  const asked = useRef<string | null>(null);
  const filledTown = useRef<string | null>(null);
  useEffect(() => {
    const p = (s: string) => s as Path<T>;
    const set = (name: string, value: string) =>
      form.setValue(p(name), value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    const sub = form.watch((values, { name }) => {
      if (name !== "zip") return;
      const zip = zipDigits((values as Record<string, unknown>).zip);
      if (!zip || zip === asked.current) return;
      asked.current = zip;
      fetchQuery<PostalAddress>("public.postal.lookup", { zip }).then(
        (a) => {
          if (asked.current !== zip) return;
          form.clearErrors(p("zip"));
          set("pref", a.pref);
          set("city", a.city);
          const district = String(form.getValues(p("district")) ?? "");
          if (a.town && (district === "" || district === filledTown.current)) {
            set("district", a.town);
            filledTown.current = a.town;
          }
          setStatus(`${a.pref}${a.city}${a.town}を入力しました。続けて番地を入力してください。`);
        },
        (e: unknown) => {
          if (asked.current !== zip) return;
          asked.current = null;
          setStatus(null);
          const field = e instanceof ProcedureError ? e.data?.fieldErrors?.zip?.[0] : undefined;
          form.setError(p("zip"), { type: "server", message: field ?? (e instanceof ProcedureError ? e.message : LOOKUP_FAILED) });
        },
      );
    });
    return () => sub.unsubscribe();
  }, [form]);
  return status;
}
