import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { fieldErrors } from "@/schemas/zod";
import { issuesOf, toTRPCError } from "@/server/api/errors";
import { RateLimitedError, TOO_MANY_MESSAGE } from "@/server/auth/rate-limit";
import { DATABASE_AWAY_MESSAGE, isDatabaseUnreachable } from "@/server/db/availability";
import { AppError } from "@/server/errors";
import { logger } from "@/server/logger";
import { storageUnavailableError } from "@/server/mail/storage-alert";

/**
 * The one error mapper of the REST adapter: domain errors (AppError, thrown
 * by a service a route handler calls) and tRPC errors (from the procedures,
 * which carry the AppError as their cause) become the JSON bodies and
 * statuses a Laravel/Sanctum client expects.
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

export function validationResponse(errors: Record<string, string[]>): Response {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? "入力内容をご確認ください";
  const more = messages.length - 1;
  return json({ message: more > 0 ? `${first} (and ${more} more ${more === 1 ? "error" : "errors"})` : first, errors }, 422);
}

export function errorResponse(thrown: unknown, path: string): Response {
  // A service called straight from a route handler throws AppError; through a procedure it arrives as a TRPCError.
  // A write the storage refused (full disk, read-only database) outside a procedure: the same 503 as through one.
  const unavailable = thrown instanceof TRPCError && thrown.code === "SERVICE_UNAVAILABLE" ? null : storageUnavailableError(thrown, `rest ${path}`);
  const e = unavailable ? toTRPCError(unavailable) : thrown instanceof AppError ? toTRPCError(thrown) : thrown;
  if (e instanceof TRPCError) {
    switch (e.code) {
      case "UNAUTHORIZED":
        return json({ message: "Unauthenticated." }, 401);
      case "FORBIDDEN":
        return json({ message: "This action is unauthorized." }, 403);
      case "NOT_FOUND":
        return json({ message: "Not Found" }, 404);
      case "TOO_MANY_REQUESTS": {
        // The limiter's own Japanese sentence, as the tRPC side answers it (a limit may have its own, e.g.
        // the inquiries to one mailbox); status 429 and Retry-After are what a client acts on.
        const limited = e.cause instanceof RateLimitedError ? e.cause : null;
        return json({ message: limited?.message ?? TOO_MANY_MESSAGE }, 429, { "retry-after": String(limited?.retryAfterSeconds ?? 60) });
      }
      case "SERVICE_UNAVAILABLE":
        // The database server away (a sqld restarting) is back in seconds; a full or read-only store needs staff.
        return json({ message: e.message }, 503, { "retry-after": e.message === DATABASE_AWAY_MESSAGE ? "5" : "300" });
      case "BAD_REQUEST": {
        const issues = issuesOf(e.cause);
        if (issues) return validationResponse(fieldErrors({ issues }));
        return json({ message: e.message }, 400);
      }
      default:
        break;
    }
  }
  if (isDatabaseUnreachable(thrown)) return json({ message: DATABASE_AWAY_MESSAGE }, 503, { "retry-after": "5" });
  const requestId = randomUUID();
  logger.error("rest.error", { requestId, path, message: thrown instanceof Error ? thrown.message : String(thrown) });
  return json({ message: "Server Error" }, 500, { "x-request-id": requestId });
}
