import type { z } from "@/schemas/zod";

/**
 * Domain errors. Services throw AppError and know nothing of the transport;
 * tRPC maps it once (src/server/api/trpc.ts, toTRPCError) and the REST adapter
 * once (src/server/rest/errors.ts), each to its own statuses and bodies.
 *
 *  INVALID            the input breaks a rule (with issues: shown under the fields)
 *  UNAUTHORIZED       not logged in (as the right kind of account)
 *  FORBIDDEN          logged in, but not allowed
 *  NOT_FOUND          no such row for this caller
 *  CONFLICT           the row's state forbids the change (already sent, …)
 *  TOO_MANY_REQUESTS  throttled (see RateLimitedError)
 *  UNAVAILABLE        nothing can be stored for now (full disk, read-only database: storageFailureOf)
 */
export type AppErrorCode = "INVALID" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS" | "UNAVAILABLE";

export class AppError extends Error {
  /** Field issues, shaped like a schema failure so forms and the REST 422 body show them under the field. */
  readonly issues: z.core.$ZodIssue[] | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    opts: { issues?: z.core.$ZodIssue[] } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.issues = opts.issues;
  }
}

/**
 * A business-rule failure on one field (duplicate name, wrong current
 * password…): fieldInvalid("name", "この名前は既に使われています").
 */
export function fieldInvalid(path: string, message: string): AppError {
  const issue: z.core.$ZodIssueCustom = { code: "custom", path: path.split("."), message, input: undefined };
  return new AppError("INVALID", message, { issues: [issue] });
}

/** What a user reads when a write cannot be stored (HTTP 503 on tRPC, REST and the upload endpoints). */
export const STORAGE_UNAVAILABLE_MESSAGE = "ただいまメンテナンス中のため保存できません。しばらくしてから再度お試しください。";

const FULL_CODES = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT"]);
const READONLY_CODES = new Set(["SQLITE_READONLY", "EROFS"]);

/**
 * Whether an error (or one of its causes: Drizzle wraps libSQL's, tRPC wraps
 * both) says the storage refused a write: "full" (SQLITE_FULL, a full disk or
 * quota) or "readonly" (SQLITE_READONLY and its extended codes, a read-only
 * file system), else null. By code, so user-typed text in a failed query's
 * parameters can never fake one.
 */
export function storageFailureOf(e: unknown): "full" | "readonly" | null {
  for (let cur = e, depth = 0; cur && typeof cur === "object" && depth < 8; cur = (cur as { cause?: unknown }).cause, depth++) {
    const o = cur as { code?: unknown; extendedCode?: unknown };
    for (const c of [o.code, o.extendedCode]) {
      if (typeof c !== "string") continue;
      if (FULL_CODES.has(c) || c.startsWith("SQLITE_FULL")) return "full";
      if (READONLY_CODES.has(c) || c.startsWith("SQLITE_READONLY")) return "readonly";
    }
  }
  return null;
}
