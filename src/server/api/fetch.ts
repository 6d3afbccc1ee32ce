import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { createContext } from "./context";
import { appRouter } from "./root";
import { getDb, type Db } from "@/server/db";
import { logger } from "@/server/logger";
import { storageUnavailableError } from "@/server/mail/storage-alert";
import { toTRPCError } from "./errors";

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
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async ({ resHeaders }) => {
      try {
        return await createContext({ db: db ?? (await getDb()), headers: req.headers, setCookie: (v) => resHeaders.append("set-cookie", v) });
      } catch (e) {
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
