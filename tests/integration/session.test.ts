import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_ABSOLUTE_MS,
  ADMIN_IDLE_MS,
  createSession,
  hashToken,
  invalidateAllSessions,
  invalidateSession,
  SESSION_TTL_MS,
  validateSessionToken,
} from "@/server/auth/session";
import { admin_sessions, user_sessions } from "@/server/db/schema";
import { createTestDb } from "../helpers/db";
import { createAdmin, createUser } from "../helpers/factories";

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe("Lucia-style sessions", () => {
  it("stores only the SHA-256 of a 160-bit token", async () => {
    const u = await createUser(t.db);
    const { token, session } = await createSession(t.db, "user", u.id);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(session.id).toBe(hashToken(token));
    const rows = await t.db.select().from(user_sessions).where(eq(user_sessions.user_id, u.id));
    expect(rows.map((r) => r.id)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("renews a session that has less than 15 days left, and rejects an expired one", async () => {
    const u = await createUser(t.db);
    const { token, session } = await createSession(t.db, "user", u.id);
    await t.db
      .update(user_sessions)
      .set({ expires_at: new Date(Date.now() + 24 * 3600 * 1000) })
      .where(eq(user_sessions.id, session.id));
    const v = await validateSessionToken(t.db, "user", token);
    expect(v?.renewed).toBe(true);
    expect(v!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    await t.db
      .update(user_sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(user_sessions.id, session.id));
    expect(await validateSessionToken(t.db, "user", token)).toBeNull();
    expect(await t.db.select().from(user_sessions).where(eq(user_sessions.id, session.id))).toHaveLength(0);
  });

  it("logout invalidates one session; password change ends all others", async () => {
    const u = await createUser(t.db);
    const a = await createSession(t.db, "user", u.id);
    const b = await createSession(t.db, "user", u.id);
    const c = await createSession(t.db, "user", u.id);
    await invalidateSession(t.db, "user", a.session.id);
    expect(await validateSessionToken(t.db, "user", a.token)).toBeNull();
    await invalidateAllSessions(t.db, "user", u.id, b.session.id);
    expect(await validateSessionToken(t.db, "user", b.token)).not.toBeNull();
    expect(await validateSessionToken(t.db, "user", c.token)).toBeNull();
  });

  it("a member token is not an admin token", async () => {
    const u = await createUser(t.db);
    const { token } = await createSession(t.db, "user", u.id);
    expect(await validateSessionToken(t.db, "admin", token)).toBeNull();
  });

  describe("lifetimes, on a fixed clock", () => {
    const T0 = new Date("2026-04-01T00:00:00Z").getTime();
    const at = (ms: number) => ({ now: new Date(T0 + ms) });
    const MIN = 60_000;
    const HOUR = 60 * MIN;
    const DAY = 24 * HOUR;

    it("staff: 2 hours without use ends the session", async () => {
      const admin = await createAdmin(t.db);
      const { token, session } = await createSession(t.db, "admin", admin.id, {}, at(0));
      expect(ADMIN_IDLE_MS).toBe(2 * HOUR);
      expect(session.expiresAt.getTime()).toBe(T0 + 2 * HOUR);
      // used after 1 h 59 min: still in, and the idle window starts again from there
      const used = await validateSessionToken(t.db, "admin", token, at(119 * MIN));
      expect(used?.session.expiresAt.getTime()).toBe(T0 + 119 * MIN + 2 * HOUR);
      expect(used?.renewed).toBe(true);
      // then 2 hours of silence: out, and the row is gone
      expect(await validateSessionToken(t.db, "admin", token, at(119 * MIN + 2 * HOUR))).toBeNull();
      expect(await validateSessionToken(t.db, "admin", token, at(120 * MIN))).toBeNull();
    });

    it("staff: 12 hours after login the session ends, however much it is used", async () => {
      const admin = await createAdmin(t.db);
      const { token } = await createSession(t.db, "admin", admin.id, {}, at(0));
      expect(ADMIN_ABSOLUTE_MS).toBe(12 * HOUR);
      // used every 30 minutes for almost 12 hours
      for (let m = 30; m < 12 * 60; m += 30) expect(await validateSessionToken(t.db, "admin", token, at(m * MIN)), `${m} min`).not.toBeNull();
      const last = await validateSessionToken(t.db, "admin", token, at(12 * HOUR - MIN));
      // the idle window is cut at the absolute bound
      expect(last?.session.expiresAt.getTime()).toBe(T0 + 12 * HOUR);
      expect(await validateSessionToken(t.db, "admin", token, at(12 * HOUR))).toBeNull();
    });

    it("staff: a session from before the limits (30-day expiry) ends 12 hours after its login", async () => {
      const admin = await createAdmin(t.db);
      const { token, session } = await createSession(t.db, "admin", admin.id, {}, at(0));
      await t.db
        .update(admin_sessions)
        .set({ expires_at: new Date(T0 + 30 * DAY) })
        .where(eq(admin_sessions.id, session.id));
      // first use: the stored expiry is brought down to the idle window
      expect((await validateSessionToken(t.db, "admin", token, at(HOUR)))?.session.expiresAt.getTime()).toBe(T0 + 3 * HOUR);
      await t.db
        .update(admin_sessions)
        .set({ expires_at: new Date(T0 + 30 * DAY) })
        .where(eq(admin_sessions.id, session.id));
      expect(await validateSessionToken(t.db, "admin", token, at(13 * HOUR))).toBeNull();
    });

    it("members keep 30 days, renewed while used (no idle or absolute cut)", async () => {
      const u = await createUser(t.db);
      const { token, session } = await createSession(t.db, "user", u.id, {}, at(0));
      expect(session.expiresAt.getTime()).toBe(T0 + 30 * DAY);
      // 3 days of silence is nothing for a member
      const early = await validateSessionToken(t.db, "user", token, at(3 * DAY));
      expect(early).not.toBeNull();
      expect(early?.renewed).toBe(false);
      // after 20 days (less than 15 left) it slides to 30 days from that use
      const slid = await validateSessionToken(t.db, "user", token, at(20 * DAY));
      expect(slid?.renewed).toBe(true);
      expect(slid?.session.expiresAt.getTime()).toBe(T0 + 50 * DAY);
      expect(await validateSessionToken(t.db, "user", token, at(49 * DAY))).not.toBeNull();
      expect(await validateSessionToken(t.db, "user", token, at(49 * DAY + 30 * DAY))).toBeNull();
    });
  });
});
