/**
 * The staff alert when writes fail for lack of storage (a full disk, a
 * read-only database): users get a 503 (src/server/errors.ts,
 * STORAGE_UNAVAILABLE_MESSAGE) and staff get one mail, at most one an hour
 * across every web node and worker.
 *
 * The one mail sent straight from a web request: the outbox that normally
 * carries mail lives in the very database that refuses writes. The hour is
 * kept in Redis (one key for all processes, the time passed in, so tests fix
 * the clock); with Redis down, per process in memory.
 */
import { env } from "@/server/env";
import { AppError, STORAGE_UNAVAILABLE_MESSAGE, storageFailureOf } from "@/server/errors";
import { getRedis } from "@/server/redis/client";
import { logger } from "@/server/logger";
import { deliver } from "./transport";

export const STORAGE_ALERT_INTERVAL_MS = 3600 * 1000;

/** Sets the key to `now` unless it holds a time less than an interval ago; 1 when it did (this caller sends). */
const CLAIM = `
local last = redis.call('GET', KEYS[1])
if last and (tonumber(ARGV[1]) - tonumber(last)) < tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1`;

let lastInProcess: number | undefined;

async function claim(now: number): Promise<boolean> {
  try {
    const key = `${env().REDIS_PREFIX}:alert:storage-unavailable`;
    // Kept a day of real time: long past the interval, whatever clock the caller passes.
    const r = await getRedis().eval(CLAIM, 1, key, String(now), String(STORAGE_ALERT_INTERVAL_MS), String(24 * 3600 * 1000));
    return r === 1;
  } catch {
    if (lastInProcess !== undefined && now - lastInProcess < STORAGE_ALERT_INTERVAL_MS) return false;
    lastInProcess = now;
    return true;
  }
}

/**
 * Mails staff that writes are failing, unless a mail went out less than an hour
 * ago (from any process). Never throws; resolves to whether this call sent it.
 */
export async function alertStorageUnavailable(failure: "full" | "readonly", where: string, now: number = Date.now()): Promise<boolean> {
  logger.error("storage.unavailable", { failure, where });
  try {
    if (!(await claim(now))) return false;
    const what = failure === "full" ? "ディスクの空き容量がありません（SQLITE_FULL / ENOSPC）" : "データベースが読み取り専用です（SQLITE_READONLY / EROFS）";
    await deliver({
      to: env().STAFF_EMAIL,
      subject: "【要対応】データを保存できない状態です",
      text: [
        "サイトでデータの保存に失敗しています。利用者には「ただいまメンテナンス中のため保存できません」と表示されています。",
        "",
        `原因: ${what}`,
        `発生箇所: ${where}`,
        `時刻: ${new Date(now).toISOString()}`,
        `サイト: ${env().APP_URL}`,
        "",
        "ディスク容量やデータベースの状態を確認してください。この通知は最大で1時間に1回送信されます。",
      ].join("\n"),
    });
    return true;
  } catch (e) {
    logger.error("storage.alert_failed", { message: e instanceof Error ? e.message : String(e) });
    return false;
  }
}

/**
 * The transports' one test (tRPC middleware, REST mapper, upload endpoints): when `e` is a
 * storage failure, the AppError users get (503 with the Japanese message) and the staff alert
 * started in the background; otherwise null.
 */
export function storageUnavailableError(e: unknown, where: string): AppError | null {
  if (e instanceof AppError) return e.code === "UNAVAILABLE" ? e : null;
  const failure = storageFailureOf(e);
  if (!failure) return null;
  void alertStorageUnavailable(failure, where);
  return new AppError("UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE);
}
