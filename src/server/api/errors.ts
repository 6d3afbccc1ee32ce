import { TRPCError } from "@trpc/server";
import type { z } from "@/schemas/zod";
import type { AppError, AppErrorCode } from "@/server/errors";

const TRPC_CODE: Record<AppErrorCode, TRPCError["code"]> = {
  INVALID: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

/**
 * The one mapping of a domain error to tRPC (used by the procedures'
 * middleware): same message, the AppError kept as the cause so the error
 * formatter finds its field issues and retry delay.
 */
export function toTRPCError(e: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[e.code], message: e.message, cause: e });
}

/** Issues from a tRPC input failure (StandardSchemaV1Error) or an AppError with field issues. */
export function issuesOf(cause: unknown): z.core.$ZodIssue[] | null {
  if (cause && typeof cause === "object" && "issues" in cause && Array.isArray((cause as { issues: unknown }).issues)) {
    return (cause as { issues: z.core.$ZodIssue[] }).issues;
  }
  return null;
}
