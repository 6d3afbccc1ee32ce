import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { fieldErrors } from "@/schemas/zod";
import { RateLimitedError } from "@/server/auth/rate-limit";
import { announcePublicChange } from "@/server/cache/invalidation";
import { DATABASE_AWAY_MESSAGE, isDatabaseUnreachable } from "@/server/db/availability";
import { noteWrite } from "@/server/db/read-your-writes";
import { AppError } from "@/server/errors";
import { storageUnavailableError } from "@/server/mail/storage-alert";
import { issuesOf, toTRPCError } from "./errors";
import type { Context } from "./context";

/**
 * The three tiers. Authorization is decided here (who may call) and inside the
 * services (which rows: a member only ever touches their own user_id).
 */
/**
 * What a client reads when the error's own message is not one of ours (a
 * transport parse failure, "No procedure found", an internal error): a
 * Japanese sentence by code, never the library's English or internals.
 */
const GENERIC_MESSAGES: Partial<Record<TRPCError["code"], string>> = {
  PARSE_ERROR: "リクエストの形式が正しくありません",
  BAD_REQUEST: "リクエストの形式が正しくありません",
  NOT_FOUND: "お探しの情報は見つかりませんでした",
  METHOD_NOT_SUPPORTED: "この方法ではご利用いただけません",
  PAYLOAD_TOO_LARGE: "送信されたデータが大きすぎます",
  UNSUPPORTED_MEDIA_TYPE: "リクエストの形式が正しくありません",
};
const FALLBACK_MESSAGE = "エラーが発生しました。しばらくしてから再度お試しください。";
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function clientMessage(error: TRPCError, issues: ReturnType<typeof issuesOf>): string {
  // An input failure reads as its first field's message, not as the dump of every issue.
  const first = issues?.[0]?.message;
  if (first && JAPANESE.test(first)) return first;
  if (error.code !== "INTERNAL_SERVER_ERROR" && JAPANESE.test(error.message)) return error.message;
  return GENERIC_MESSAGES[error.code] ?? FALLBACK_MESSAGE;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues = error.code === "BAD_REQUEST" ? issuesOf(error.cause) : null;
    // Never leak stacks to clients.
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: clientMessage(error, issues),
      // Field errors keyed by dotted path (names.last), in Japanese, for forms and the REST 422 body.
      data: {
        ...data,
        fieldErrors: issues ? fieldErrors({ issues }) : null,
        // Seconds until a throttled caller may retry (REST: Retry-After).
        retryAfter: error.cause instanceof RateLimitedError ? error.cause.retryAfterSeconds : null,
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Domain errors thrown by the services (AppError) become tRPC errors here, once, for every
 * procedure (after the tier's guard, which stays the first middleware of its chain); so does a
 * write the storage refused (full disk, read-only database): 503 with the Japanese message,
 * and staff alerted.
 */
const domainErrors = t.middleware(async ({ ctx, next, path, type }) => {
  const result = await next();
  if (result.ok) {
    // Read-your-writes on every node: this account's next reads anywhere must see what it just wrote.
    if (type === "mutation" && (ctx.user || ctx.admin)) await noteWrite({ user: ctx.user?.id, admin: ctx.admin?.id });
    return result;
  }
  if (result.error.cause instanceof AppError) return { ...result, error: toTRPCError(result.error.cause) };
  // The database server away (a sqld restarting) is not the caller's fault nor a bug: 503, in Japanese.
  if (isDatabaseUnreachable(result.error.cause)) {
    return { ...result, error: new TRPCError({ code: "SERVICE_UNAVAILABLE", message: DATABASE_AWAY_MESSAGE, cause: result.error.cause }) };
  }
  const unavailable = storageUnavailableError(result.error, `trpc ${path}`);
  if (unavailable) return { ...result, error: toTRPCError(unavailable) };
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors);

/**
 * A session started with a password that fails the policy (session.passwordChangeRequired) may only
 * read who it is and change the password (logging out is public); the page guards send it to the
 * change screen, and this refusal covers any other call.
 */
export const PASSWORD_CHANGE_REQUIRED = "パスワードの変更が必要です。パスワード変更画面で新しいパスワードを設定してください。";
const WHILE_PASSWORD_CHANGE_REQUIRED = new Set(["member.account.info", "member.account.changePassword", "admin.account.info", "admin.account.changePassword"]);
const heldForPasswordChange = (session: { passwordChangeRequired: boolean }, path: string) =>
  session.passwordChangeRequired && !WHILE_PASSWORD_CHANGE_REQUIRED.has(path);

/** Members only. An admin session does not make someone a member. */
export const memberProcedure = t.procedure
  .use(({ ctx, next, path }) => {
    if (!ctx.user || !ctx.userSession) {
      throw new TRPCError({ code: ctx.admin ? "FORBIDDEN" : "UNAUTHORIZED", message: "ログインしてください" });
    }
    if (heldForPasswordChange(ctx.userSession, path)) throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
    return next({ ctx: { ...ctx, user: ctx.user, userSession: ctx.userSession } });
  })
  .use(domainErrors);

export const adminProcedure = t.procedure
  .use(async ({ ctx, next, type, path }) => {
    if (!ctx.admin || !ctx.adminSession) {
      throw new TRPCError({ code: ctx.user ? "FORBIDDEN" : "UNAUTHORIZED", message: "管理者としてログインしてください" });
    }
    if (heldForPasswordChange(ctx.adminSession, path)) throw new TRPCError({ code: "FORBIDDEN", message: PASSWORD_CHANGE_REQUIRED });
    const result = await next({ ctx: { ...ctx, admin: ctx.admin, adminSession: ctx.adminSession } });
    // Staff changes are what visitors' cached pages depend on (listings, CMS, options):
    // every successful admin mutation clears the page cache of every web process.
    if (result.ok && type === "mutation") await announcePublicChange(path);
    return result;
  })
  .use(domainErrors);
