import type { z } from "@/schemas/zod";

/** A procedure answered something its route's output schema does not describe (drift). */
export class OutputDriftError extends Error {
  constructor(
    readonly route: string,
    readonly issues: readonly { path: readonly PropertyKey[]; code: string }[],
  ) {
    // Paths and codes only: the values may be members-only data and must not reach a log line.
    super(`${route}: answer does not match its output schema: ${issues.map((i) => `${i.path.map(String).join(".") || "(root)"} ${i.code}`).join(", ")}`);
    this.name = "OutputDriftError";
  }
}

/**
 * The body a route sends: the procedure's result as JSON carries it (Dates
 * become ISO strings, undefined members vanish), then parsed by the route's
 * output schema.
 *
 * Parsed, not merely checked, and in every environment: object schemas strip
 * undeclared keys, so a field a service starts selecting (a staff-only column,
 * anything of a members-only listing) cannot reach a REST client until a
 * schema declares it. A result that no longer fits (a missing field, a wrong
 * type) throws instead of being sent: the adapter fails closed with a logged
 * 500 rather than answer with a shape nobody reviewed, and the contract tests
 * turn red on the drift.
 */
export function pinOutput(schema: z.ZodType, result: unknown, route: string): unknown {
  const wire: unknown = result === undefined ? null : JSON.parse(JSON.stringify(result));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) throw new OutputDriftError(route, parsed.error.issues);
  return parsed.data;
}
