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
 */
export type AppErrorCode = "INVALID" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS";

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

