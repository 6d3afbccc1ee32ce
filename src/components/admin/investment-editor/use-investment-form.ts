"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useMemo, useState } from "react";
import { get, useForm, useWatch, type FieldError, type Path, type Resolver } from "react-hook-form";
import { DUPLICATE_NO_MESSAGE, MAX_TRANSPORTS, investmentForm, type InvestmentFormOutput } from "@/schemas/admin/investment";
import { api } from "@/trpc/react";
import type { Values } from "./types";

/** Every path the server may report, so its field errors land under the right control. */
export const SERVER_FIELDS = (v: Values) => [
  ...Object.keys(v),
  "map.lat",
  "map.lng",
  "income.month",
  "income.year",
  "floor.ground",
  "floor.under",
  "floor.location",
  "built.year",
  "built.month",
  "vacancy.cd",
  "vacancy.other",
  "land_rights.type",
  "land_rights.other",
  "land_rights.fee",
  "land_ratio.bdr_1",
  "land_ratio.bdr_2",
  "land_ratio.far_1",
  "land_ratio.far_2",
  "land_cat.other",
  "land_plan.other",
  "original.check_at",
  "original.tel",
  "comments.main",
  "comments.sub",
  ...((v.rent_roll ?? []) as unknown[]).flatMap((_, i) =>
    ["room", "layout", "area", "rent", "common_fee", "deposit", "status", "lease_start"].map((f) => `rent_roll.${i}.${f}`),
  ),
  ...((v.repair_history ?? []) as unknown[]).flatMap((_, i) => ["year_month", "description", "cost"].map((f) => `repair_history.${i}.${f}`)),
  ...Array.from({ length: MAX_TRANSPORTS }, (_, i) =>
    ["station_cd", "distance", "station_walk", "bus_name", "bus_time", "bus_walk", "other"].map((f) => `transports.${i}.${f}`),
  ).flat(),
];

/**
 * The editor's form (same schema as the server) with server field errors that stay while their field keeps
 * the value they were about, and the 物件番号 duplicate check as you type.
 */
export function useInvestmentForm(initial: Values, id: number | null) {
  const utils = api.useUtils();
  // Server field errors (the duplicate 物件番号 check, a refused save) stay while their field keeps the
  // value they were about: each client validation would otherwise replace them with its own result.
  // One Map for the editor's life (a stable object read by the resolver, never rendered).
  const [serverErrors] = useState(() => new Map<string, { value: unknown; message: string }>());
  const resolver = useMemo<Resolver<Values, unknown, InvestmentFormOutput>>(() => {
    const client = zodResolver(investmentForm) as Resolver<Values, unknown, InvestmentFormOutput>;
    return async (values, context, options) => {
      const result = await client(values, context, options);
      const kept: [string, string][] = [];
      for (const [path, e] of serverErrors) {
        if (get(values, path) !== e.value) serverErrors.delete(path);
        else if (!get(result.errors, path)) kept.push([path, e.message]);
      }
      if (!kept.length) return result;
      const errors = { ...result.errors } as Record<string, unknown>;
      for (const [path, message] of kept) errors[path] = { type: "server", message } satisfies FieldError;
      return { values: {}, errors: errors as typeof result.errors };
    };
  }, [serverErrors]);
  const form = useForm<Values, unknown, InvestmentFormOutput>({ resolver, defaultValues: initial, mode: "onBlur" });
  const setServerError = useCallback(
    (path: string, message: string) => {
      serverErrors.set(path, { value: form.getValues(path as Path<Values>), message });
      form.setError(path as Path<Values>, { type: "server", message });
    },
    [serverErrors, form],
  );

  // ── property number: checked as you type ──
  const no = useWatch({ control: form.control, name: "no" });
  useEffect(() => {
    const value = String(no ?? "").trim();
    if (!value) return;
    const t = setTimeout(async () => {
      const r = await utils.admin.investments.exists.fetch({ id: id ?? 0, no: value }).catch(() => null);
      if (r?.exists) setServerError("no", DUPLICATE_NO_MESSAGE);
      else if (form.getFieldState("no").error?.message === DUPLICATE_NO_MESSAGE) {
        serverErrors.delete("no");
        form.clearErrors("no");
      }
    }, 400);
    return () => clearTimeout(t);
  }, [no, id, utils, form, serverErrors, setServerError]);
  return { form, setServerError };
}
