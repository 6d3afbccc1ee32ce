import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPCError } from "@trpc/server";
import { DATABASE_AWAY_MESSAGE, isDatabaseUnreachable } from "@/server/db/availability";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { createContext } from "./context";
import { appRouter } from "./root";
import { getDb } from "@/server/db";
import { logger } from "@/server/logger";

/** /api/trpc over fetch (src/app/api/trpc/[trpc]/route.ts), on the app's database. */
export async function handleTrpcRequest(req: Request): Promise<Response> {
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
        return await createContext({ db: await getDb(), headers: req.headers, setCookie: (v) => resHeaders.append("set-cookie", v) });
      } catch (e) {
        // The session lookup could not reach the database server: 503 in Japanese, not 500.
        if (isDatabaseUnreachable(e)) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_AWAY_MESSAGE, cause: e });
        throw e;
      }
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error("trpc.error", { path, message: error.message });
    },
  });
}
