"use client";

import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/**
 * Puts the server's field errors (tRPC error data.fieldErrors, keyed by dotted
 * path) under the matching form fields. Returns the message to show above the
 * form for anything not tied to a visible field (spec §8: any other failure
 * sets a generic server error). Takes tRPC's TRPCClientError and the plain-fetch
 * ProcedureError (src/trpc/fetch-query.ts) alike: both carry the message and the formatted
 * error data, and this file imports neither client (issue 21).
 */
export const GENERIC_ERROR = "通信エラーが発生しました。時間をおいて再度お試しください。";

export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string | null {
  if (!(error instanceof Error) || !("data" in error)) return GENERIC_ERROR;
  const data = error.data as { fieldErrors?: Record<string, string[]> | null; code?: string } | undefined;
  if (data?.code === "TOO_MANY_REQUESTS") return error.message;
  const fieldErrors = data?.fieldErrors;
  if (!fieldErrors) return data?.code === "BAD_REQUEST" ? error.message : GENERIC_ERROR;
  const loose: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages[0] ?? "";
    if (fields.includes(path)) setError(path as Path<T>, { type: "server", message });
    else loose.push(message);
  }
  return loose.length ? loose.join(" ") : null;
}
