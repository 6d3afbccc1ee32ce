import { env } from "@/server/env";
import { fieldInvalid } from "@/server/errors";
import { logger } from "@/server/logger";

/**
 * reCAPTCHA v3 verification with the siteverify protocol: POST secret +
 * response, then accept only success, the expected action, an allowed
 * hostname, a fresh challenge and a score at or above RECAPTCHA_MIN_SCORE.
 * Without keys the check is off (logged once). Any network failure rejects.
 */
export type RecaptchaAction = "Signup" | "Login" | "AdminLogin" | "ForgotPassword" | "Contact";

export const RECAPTCHA_FIELD = "recaptcha_token";
export const RECAPTCHA_MESSAGE = "ロボットによる操作の可能性があるため送信できませんでした。ページを再読み込みして、もう一度お試しください。";
const MAX_AGE_MS = 2 * 60 * 1000;

let warned = false;
export function recaptchaEnabled(): boolean {
  const on = Boolean(env().RECAPTCHA_SECRET_KEY && env().RECAPTCHA_SITE_KEY);
  if (!on && !warned) {
    warned = true;
    logger.warn("recaptcha.disabled", { reason: "RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET_KEY not set" });
  }
  return on;
}

type SiteverifyResponse = {
  success?: boolean;
  score?: number;
  action?: string;
  challenge_ts?: string;
  hostname?: string;
  "error-codes"?: string[];
};

export async function verifyRecaptcha(
  token: string | null | undefined,
  action: RecaptchaAction,
  remoteIp?: string | null,
): Promise<{ ok: boolean; reason?: string; score?: number }> {
  if (!recaptchaEnabled()) return { ok: true, reason: "disabled" };
  if (!token || token.length > 4096) return { ok: false, reason: "missing-token" };
  const body = new URLSearchParams({ secret: env().RECAPTCHA_SECRET_KEY ?? "", response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  let data: SiteverifyResponse;
  try {
    const res = await fetch(env().RECAPTCHA_VERIFY_URL, { method: "POST", body, signal: AbortSignal.timeout(5000) });
    if (!res.ok) return { ok: false, reason: `http-${res.status}` };
    data = (await res.json()) as SiteverifyResponse;
  } catch (e) {
    logger.warn("recaptcha.unreachable", { error: String(e) });
    return { ok: false, reason: "network" };
  }
  if (data.success !== true) return { ok: false, reason: "not-success" };
  if (data.action !== action) return { ok: false, reason: "action" };
  const allowedHosts = new Set([new URL(env().APP_URL).hostname, "localhost", "127.0.0.1"]);
  if (!data.hostname || !allowedHosts.has(data.hostname)) return { ok: false, reason: "hostname" };
  const ts = data.challenge_ts ? Date.parse(data.challenge_ts) : NaN;
  if (!Number.isFinite(ts) || Date.now() - ts > MAX_AGE_MS) return { ok: false, reason: "stale" };
  if (typeof data.score !== "number" || data.score < env().RECAPTCHA_MIN_SCORE) return { ok: false, reason: "score", score: data.score };
  return { ok: true, score: data.score };
}

/** For procedures: throws a field error (→ 422) when the bot check fails. */
export async function assertHuman(token: string | null | undefined, action: RecaptchaAction, remoteIp?: string | null): Promise<void> {
  const r = await verifyRecaptcha(token, action, remoteIp);
  if (!r.ok) {
    logger.info("recaptcha.rejected", { action, reason: r.reason, score: r.score });
    throw fieldInvalid(RECAPTCHA_FIELD, RECAPTCHA_MESSAGE);
  }
}

/** The site key for the browser, only when the server will actually verify tokens. */
export function recaptchaSiteKey(): string | undefined {
  return recaptchaEnabled() ? env().RECAPTCHA_SITE_KEY : undefined;
}
