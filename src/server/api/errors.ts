import { TRPCError } from "@trpc/server";
import type { z } from "@/schemas/zod";

/**
 * Issues carried as a real Error: zod 4's ZodError is not an Error subclass,
 * so tRPC would replace it with an opaque cause and lose the issues.
 */
export class FieldValidationError extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super(issues[0]?.message ?? "入力内容をご確認ください");
    this.name = "FieldValidationError";
  }
}

/**
 * A business-rule failure on one field (duplicate name, wrong current
 * password…), shaped exactly like a schema failure so forms and the REST 422
 * body show it under the field: fieldInvalid("name", "この名前は既に使われています").
 */
export function fieldInvalid(path: string, message: string): TRPCError {
  const issue: z.core.$ZodIssueCustom = { code: "custom", path: path.split("."), message, input: undefined };
  return new TRPCError({ code: "BAD_REQUEST", message, cause: new FieldValidationError([issue]) });
}

/** Issues from a tRPC input failure (StandardSchemaV1Error) or a FieldValidationError. */
export function issuesOf(cause: unknown): z.core.$ZodIssue[] | null {
  if (cause && typeof cause === "object" && "issues" in cause && Array.isArray((cause as { issues: unknown }).issues)) {
    return (cause as { issues: z.core.$ZodIssue[] }).issues;
  }
  return null;
}
