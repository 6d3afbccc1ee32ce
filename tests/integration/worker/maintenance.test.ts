import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { admin_sessions, email_verifications, investments, password_resets, site_options, user_sessions } from "@/server/db/schema";
import { closeAdminQueues } from "@/server/jobs/admin";
import { jobIdFor, jobOptions } from "@/server/jobs/queues";
import { registerSchedules } from "@/server/jobs/schedules";
import { backupDatabase, checkDatabaseFile } from "@/server/maintenance/backup";
import { purgeExpired } from "@/server/maintenance/purge";
import { remindNextUpdates } from "@/server/maintenance/update-reminder";
import { jstDatePlusYears } from "@/lib/jst-date";
import { callerFor } from "../../helpers/context";
import { createAdmin } from "../../helpers/factories";
import { createMember, DAY, insertListing, sleep, useWorkerSuite, waitFor } from "./helpers";

/**
 * Maintenance: the online backup under write load from another process (and
 * the restore script), purging expired sessions and tokens, hiding listings
 * past 次回更新予定日 with a mail to staff, and the staff queue dashboard
 * showing a failed job that can be retried.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const backupDir = mkdtempSync(path.join(tmpdir(), "kir-backups-"));
const s = useWorkerSuite({ env: { BACKUP_DIR: backupDir, BACKUP_KEEP: "14" } });
afterAll(async () => {
  await closeAdminQueues();
  rmSync(backupDir, { recursive: true, force: true });
});

const tsx = (args: string[], env: Record<string, string>) =>
  spawn(process.execPath, ["--import", "tsx", ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "pipe", "pipe"] });

async function snapshotCounts(file: string) {
  const c = createClient({ url: `file:${file}` });
  try {
    const r = await c.execute(
      "SELECT (SELECT count(*) FROM outbox WHERE job = 'load') AS rows, (SELECT value FROM site_options WHERE key = 'load-counter') AS counter",
    );
    return { rows: Number(r.rows[0]?.rows ?? 0), counter: Number(r.rows[0]?.counter ?? 0) };
  } finally {
    c.close();
  }
}

describe("maintenance", () => {
  it("backs up online while another process writes: every copy is intact and consistent; the newest 14 are kept; restore brings one back", async () => {
    // Older backups already there (names only matter for rotation).
    for (let i = 0; i < 15; i++) writeFileSync(path.join(backupDir, `app-2020010${Math.floor(i / 10)}-0000${String(i % 10).padStart(2, "0")}.db`), "old");
    const writer = tsx(["tests/integration/worker/fixtures/write-load.ts"], { DATABASE_URL: s.url });
    try {
      await once(writer.stdout!, "data");
      const copies: { rows: number; counter: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await backupDatabase({ url: s.url, now: new Date(Date.UTC(2030, 0, 1, 3, 30, i)) });
        expect(r.status).toBe("ok");
        if (r.status !== "ok") return;
        expect(await checkDatabaseFile(r.file)).toBeNull();
        const c = await snapshotCounts(r.file);
        // A snapshot: the rows and the counter written in the same transactions agree.
        expect(c.rows).toBe(c.counter);
        copies.push(c);
        await sleep(150);
      }
      expect(copies[0]!.rows).toBeGreaterThan(0);
      expect(copies[2]!.rows).toBeGreaterThan(copies[0]!.rows); // the writer kept writing between backups
    } finally {
      writer.kill("SIGKILL");
    }
    const kept = readdirSync(backupDir)
      .filter((n) => n.startsWith("app-"))
      .sort();
    expect(kept).toHaveLength(14);
    expect(kept.slice(-3)).toEqual(["app-20300101-033000.db", "app-20300101-033001.db", "app-20300101-033002.db"]);
    expect(readdirSync(backupDir).some((n) => n.endsWith(".partial"))).toBe(false);

    // scripts/restore.ts into another database path.
    const restoreDir = mkdtempSync(path.join(tmpdir(), "kir-restore-"));
    try {
      const target = path.join(restoreDir, "app.db");
      mkdirSync(path.join(restoreDir, "backups"));
      writeFileSync(target, "");
      const env = { DATABASE_URL: `file:${target}`, BACKUP_DIR: backupDir };
      const child = tsx(["scripts/restore.ts", "--latest", "--yes"], env);
      let out = "";
      child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
      const [code] = (await once(child, "exit")) as [number];
      expect(code, out).toBe(0);
      expect(out).toContain("[restore]");
      expect(await snapshotCounts(target)).toEqual(await snapshotCounts(path.join(backupDir, "app-20300101-033002.db")));
      expect(await checkDatabaseFile(target)).toBeNull();
    } finally {
      rmSync(restoreDir, { recursive: true, force: true });
    }
  });

  it("purges expired sessions and tokens, keeps live ones", async () => {
    const m = await createMember(s.db, { tag: "purge" });
    const admin = await createAdmin(s.db);
    const past = new Date(Date.now() - DAY);
    const future = new Date(Date.now() + DAY);
    await s.db.insert(user_sessions).values([
      { id: "expired-u", user_id: m.id, expires_at: past },
      { id: "live-u", user_id: m.id, expires_at: future },
    ]);
    await s.db.insert(admin_sessions).values([{ id: "expired-a", admin_id: admin.id, expires_at: past }]);
    await s.db.insert(email_verifications).values([
      { id: "ev-old", purpose: "signup", email: "x@example.com", expires_at: past },
      { id: "ev-live", purpose: "signup", email: "y@example.com", expires_at: future },
    ]);
    await s.db.insert(password_resets).values([
      { id: "pr-used", account_kind: "user", account_id: m.id, purpose: "reset", expires_at: future, used_at: new Date(Date.now() - 2 * DAY) },
      { id: "pr-live", account_kind: "user", account_id: m.id, purpose: "reset", expires_at: future },
    ]);
    const r = await purgeExpired(s.db);
    expect(r).toMatchObject({ userSessions: 1, adminSessions: 1, emailVerifications: 1, passwordResets: 1 });
    expect((await s.db.select().from(user_sessions).all()).map((x) => x.id)).toEqual(["live-u"]);
    expect((await s.db.select().from(email_verifications).all()).map((x) => x.id)).toEqual(["ev-live"]);
    expect((await s.db.select().from(password_resets).all()).map((x) => x.id)).toEqual(["pr-live"]);
  });

  it("hides listings past 次回更新予定日 (not those due today) and published ones without one, mails staff once and refreshes the counts", async () => {
    const today = jstDatePlusYears(new Date(), 0);
    const yesterday = jstDatePlusYears(new Date(Date.now() - DAY), 0);
    const overdue = await insertListing(s.db, { name: "更新切れレジデンス", next_update_at: yesterday, no: "OD-1" });
    const dueToday = await insertListing(s.db, { name: "本日更新レジデンス", next_update_at: today });
    // Stored before the editor required a date: no term to be within (表示規約), so hidden too.
    const undated = await insertListing(s.db, { name: "予定日なしレジデンス", next_update_at: null, no: "OD-2" });
    await insertListing(s.db, { name: "予定日なしの下書き", next_update_at: null, public: false });
    const mark = s.sink.mark();
    await s.runtime.queues.maintenance.add(
      "hideOverdueListings",
      { reason: "test" },
      { ...jobOptions("hideOverdueListings"), jobId: jobIdFor("hideOverdueListings", "t1") },
    );
    const mail = await s.sink.waitFor((m) => m.to.includes("staff@example.com"), 10_000, mark);
    expect(mail.subject).toContain("次回更新予定日を過ぎた物件を非公開にしました（2件）");
    expect(mail.text).toContain("OD-1 更新切れレジデンス");
    expect(mail.text).toContain("OD-2 予定日なしレジデンス\n次回更新予定日：未設定");
    expect(mail.text).toContain(`http://localhost:3000/_kanri-7f3c/investments/${overdue}`);
    const rows = await s.db.select({ id: investments.id, public: investments.public, not_updated_at: investments.not_updated_at }).from(investments).all();
    expect(rows.find((r) => r.id === overdue)?.not_updated_at).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === dueToday)?.not_updated_at).toBeNull();
    expect(rows.find((r) => r.id === undated)?.not_updated_at).toBeInstanceOf(Date);
    await waitFor(
      async () => {
        const counts = (await s.db.select().from(site_options).where(eq(site_options.key, "counts")).get())?.value as
          { investment?: { public?: number } } | undefined;
        return counts?.investment?.public === rows.filter((r) => r.public && r.not_updated_at === null).length;
      },
      10_000,
      "counts refreshed",
    );
    // A second run finds nothing new and sends nothing.
    await s.runtime.queues.maintenance.add(
      "hideOverdueListings",
      { reason: "test" },
      { ...jobOptions("hideOverdueListings"), jobId: jobIdFor("hideOverdueListings", "t2") },
    );
    await sleep(800);
    expect(s.sink.to("staff@example.com").length - s.sink.messages.slice(0, mark).filter((m) => m.to.includes("staff@example.com")).length).toBe(1);
  });

  it("the day before a 次回更新予定日, staff get one mail listing the visible listings due tomorrow (fixed clock, real mail path)", async () => {
    // 2030-03-09 09:00 JST: tomorrow is 2030-03-10.
    const now = new Date("2030-03-09T09:00:00+09:00");
    const due = await insertListing(s.db, { name: "明日更新レジデンス", no: "DUE-1", next_update_at: "2030-03-10" });
    const due2 = await insertListing(s.db, { name: "明日更新ハイツ", no: "DUE-2", next_update_at: "2030-03-10" });
    await insertListing(s.db, { name: "本日更新レジデンス", no: "DUE-X1", next_update_at: "2030-03-09" });
    await insertListing(s.db, { name: "明後日更新レジデンス", no: "DUE-X2", next_update_at: "2030-03-11" });
    await insertListing(s.db, { name: "非公開の下書き", no: "DUE-X3", next_update_at: "2030-03-10", public: false });
    await insertListing(s.db, { name: "非表示済み", no: "DUE-X4", next_update_at: "2030-03-10", not_updated_at: now });
    const mark = s.sink.mark();
    expect(await remindNextUpdates(s.db, now)).toEqual({ due: 2, date: "2030-03-10" });
    const mail = await s.sink.waitFor((m) => m.to.includes("staff@example.com") && m.subject.includes("明日が次回更新予定日"), 10_000, mark);
    expect(mail.subject).toContain("明日が次回更新予定日の物件があります（2件）");
    expect(mail.text).toContain("明日（2030-03-10）が次回更新予定日です");
    expect(mail.text).toContain("DUE-1 明日更新レジデンス");
    expect(mail.text).toContain(`http://localhost:3000/_kanri-7f3c/investments/${due}`);
    expect(mail.text).toContain(`http://localhost:3000/_kanri-7f3c/investments/${due2}`);
    expect(mail.text).not.toMatch(/DUE-X/);
    // The same day again (a retry, a restarted worker): no second mail.
    expect((await remindNextUpdates(s.db, new Date("2030-03-09T15:00:00+09:00"))).due).toBe(2);
    await sleep(800);
    expect(s.sink.messages.slice(mark).filter((m) => m.subject.includes("明日が次回更新予定日"))).toHaveLength(1);
    // Nothing due: nothing sent.
    expect(await remindNextUpdates(s.db, new Date("2030-04-01T09:00:00+09:00"))).toEqual({ due: 0, date: "2030-04-02" });
  });

  it("the scheduled remindNextUpdates job runs the reminder in the worker", async () => {
    const tomorrow = jstDatePlusYears(new Date(Date.now() + DAY), 0);
    const id = await insertListing(s.db, { name: "ジョブ確認レジデンス", no: "DUE-JOB", next_update_at: tomorrow });
    const mark = s.sink.mark();
    await s.runtime.queues.maintenance.add(
      "remindNextUpdates",
      { reason: "test" },
      { ...jobOptions("remindNextUpdates"), jobId: jobIdFor("remindNextUpdates", "t1") },
    );
    const mail = await s.sink.waitFor((m) => m.to.includes("staff@example.com") && m.subject.includes("明日が次回更新予定日"), 10_000, mark);
    expect(mail.text).toContain(`DUE-JOB ジョブ確認レジデンス`);
    expect(mail.text).toContain(`/investments/${id}`);
  });

  it("shows a failed job to staff with its error (never a mail's payload) and retries it", async () => {
    const admin = await createAdmin(s.db);
    const { caller } = await callerFor(s.db, { adminId: admin.id });
    await registerSchedules(s.runtime.queues);
    await s.runtime.queues.maintenance.add("noSuchJob", { reason: "x" }, { jobId: "noSuchJob-t1", attempts: 1 });
    await s.runtime.queues.mail.add(
      "sendMail",
      { template: "first_login", to: "a@example.com", data: { initialPassword: "secret-in-payload" } },
      { jobId: "sendMail-bad-t1", attempts: 1 },
    );
    await waitFor(async () => (await caller.admin.queues.overview()).find((q) => q.name === "mail")?.counts.failed === 1, 10_000, "mail job failed");
    const overview = await caller.admin.queues.overview();
    expect(overview.find((q) => q.name === "maintenance")?.counts.failed).toBe(1);
    expect(overview.find((q) => q.name === "matching")?.schedulers.map((x) => x.id)).toContain("matchingDigest-0800-jst");

    const failed = await caller.admin.queues.failed({ queue: "maintenance" });
    expect(failed.total).toBe(1);
    expect(failed.jobs[0]).toMatchObject({ id: "noSuchJob-t1", name: "noSuchJob", error: "unknown maintenance job noSuchJob", attemptsMade: 1 });
    const mailFailed = await caller.admin.queues.failed({ queue: "mail" });
    expect(JSON.stringify(mailFailed)).not.toContain("secret-in-payload");

    expect(await caller.admin.queues.retry({ queue: "maintenance", jobId: "noSuchJob-t1" })).toEqual({ status: true });
    // It ran again (and failed again, the job name is still unknown): back in the failed list, attempts counted afresh.
    await waitFor(
      async () =>
        (await caller.admin.queues.failed({ queue: "maintenance" })).jobs[0]?.attemptsMade === 1 &&
        (await s.runtime.queues.maintenance.getJob("noSuchJob-t1"))?.finishedOn,
      10_000,
      "retried",
    );
    await expect(caller.admin.queues.retry({ queue: "maintenance", jobId: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await caller.admin.queues.remove({ queue: "mail", jobId: "sendMail-bad-t1" })).toEqual({ status: true });
  });
});
