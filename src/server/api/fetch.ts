import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { batchTooLargeMessage } from "@/lib/constants/api";
import { DATABASE_AWAY_MESSAGE, isDatabaseUnreachable } from "@/server/db/availability";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { consume, RateLimitedError } from "@/server/auth/rate-limit";
import { createContext, clientIp } from "./context";
import { appRouter } from "./root";
import { getDb, type Db } from "@/server/db";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { storageUnavailableError } from "@/server/mail/storage-alert";
import { toTRPCError } from "./errors";

const ENDPOINT = "/api/trpc";
export const TOO_MANY_CALLS_MESSAGE = "リクエストが多すぎます。しばらく時間をおいてから再度お試しください。";

/** How many procedures a request names: `a,b,c?batch=1` is three (tRPC splits the decoded path the same way). */
export function callsIn(url: URL): number {
  if (url.searchParams.get("batch") !== "1") return 1;
  let path = url.pathname.slice(ENDPOINT.length + 1);
  try {
    path = decodeURIComponent(path);
  } catch {
    // tRPC refuses it as well; count the raw commas.
  }
  return path.split(",").length;
}

/** An error in the body tRPC itself sends (our error formatter, superjson), so the client shows its message. */
function refusal(error: TRPCError, headers: Record<string, string> = {}): Response {
  const shape = getTRPCErrorShape({ config: appRouter._def._config, error, type: "unknown", path: undefined, input: undefined, ctx: undefined });
  return Response.json({ error: superjson.serialize(shape) }, { status: shape.data.httpStatus, headers: { "cache-control": "no-store", ...headers } });
}

/** /api/trpc over fetch (src/app/api/trpc/[trpc]/route.ts), on the app's database. */
export function handleTrpcRequest(req: Request): Promise<Response> {
  return handleTrpcRequestOn(req, null);
}

/** The same on a given database (tests); null: the app's. */
export async function handleTrpcRequestOn(req: Request, db: Db | null): Promise<Response> {
  // CSRF: a cross-site page must not be able to fire mutations with a visitor's cookies.
  if (req.method !== "GET" && !isSameOriginRequest(req.headers, req.url)) {
    return Response.json({ error: { message: "CSRF check failed" } }, { status: 403 });
  }
  // Batches are bounded and every call of one counts against the client's per-minute budget, before
  // anything runs (issue 27: one GET batched 820 procedures, ~40 times the work of one call).
  const maxBatch = env().TRPC_MAX_BATCH;
  const calls = callsIn(new URL(req.url));
  if (calls > maxBatch) return refusal(new TRPCError({ code: "BAD_REQUEST", message: batchTooLargeMessage(maxBatch) }));
  // Without the production server's address (next dev) there is no client to count: one shared key would throttle everyone.
  const ip = clientIp(req.headers);
  if (ip) {
    try {
      await consume("trpcCalls", ip, { points: calls, message: TOO_MANY_CALLS_MESSAGE });
    } catch (e) {
      if (!(e instanceof RateLimitedError)) throw e;
      return refusal(new TRPCError({ code: "TOO_MANY_REQUESTS", message: e.message, cause: e }), { "retry-after": String(e.retryAfterSeconds) });
    }
  }
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req,
    router: appRouter,
    // The same cap inside tRPC, should a path ever reach it another way.
    maxBatchSize: maxBatch,
    createContext: async ({ resHeaders }) => {
      try {
        return await createContext({ db: db ?? (await getDb()), headers: req.headers, setCookie: (v) => resHeaders.append("set-cookie", v) });
      } catch (e) {
        // The session lookup could not reach the database server: 503 in Japanese, not 500.
        if (isDatabaseUnreachable(e)) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_AWAY_MESSAGE, cause: e });
        // Renewing a session writes: on a full or read-only database that is the same 503 as inside a procedure.
        const unavailable = storageUnavailableError(e, "trpc context");
        if (unavailable) throw toTRPCError(unavailable);
        throw e;
      }
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error("trpc.error", { path, message: error.message });
    },
  });
}
