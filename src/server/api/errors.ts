import { TRPCError } from "@trpc/server";
import { z } from "@/schemas/zod";

/**
 * A business-rule failure on one field (duplicate name, wrong current
 * password…), shaped exactly like a schema failure so forms and the REST 422
 * body show it under the field: fieldInvalid("name", "この名前は既に使われています").
 */
export function fieldInvalid(path: string, message: string): TRPCError {
  const issue: z.core.$ZodIssueCustom = { code: "custom", path: path.split("."), message, input: undefined };
  return new TRPCError({ code: "BAD_REQUEST", message, cause: new z.ZodError([issue]) });
}

/** Issues from a tRPC input failure (StandardSchemaV1Error) or a ZodError thrown by a service. */
export function issuesOf(cause: unknown): z.core.$ZodIssue[] | null {
  if (cause && typeof cause === "object" && "issues" in cause && Array.isArray((cause as { issues: unknown }).issues)) {
    return (cause as { issues: z.core.$ZodIssue[] }).issues;
  }
  return null;
}
