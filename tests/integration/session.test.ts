import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSession,
  hashToken,
  invalidateAllSessions,
  invalidateSession,
  SESSION_TTL_MS,
  validateSessionToken,
} from "@/server/auth/session";
import { user_sessions } from "@/server/db/schema";
import { createTestDb } from "../helpers/db";
import { createUser } from "../helpers/factories";

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
    await t.db.update(user_sessions).set({ expires_at: new Date(Date.now() + 24 * 3600 * 1000) }).where(eq(user_sessions.id, session.id));
    const v = await validateSessionToken(t.db, "user", token);
    expect(v?.renewed).toBe(true);
    expect(v!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    await t.db.update(user_sessions).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(user_sessions.id, session.id));
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
});
