import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "@/server/db/schema";
import { closeRedis } from "@/server/redis/client";
import { Browser, newEmail, purgeRedisPrefix, redisReady, setTestEnv, startMailRuntime, uniquePrefix } from "../../helpers/accounts";
import { createTestDb } from "../../helpers/db";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";
import { validInput } from "./fixtures";

/** SMTP down: the inquiry is stored at once, the mails arrive after SMTP comes back. */
let sink: SmtpSink;
let proxy: TcpProxy;
let t: Awaited<ReturnType<typeof createTestDb>>;
let restore: () => void;
let stopMail: () => Promise<void>;
const prefix = uniquePrefix("smtp");

beforeAll(async () => {
  sink = await startSmtpSink();
  const sinkPort = Number(new URL(sink.url).port);
  proxy = await startTcpProxy({ host: "127.0.0.1", port: sinkPort });
  restore = setTestEnv({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}`, REDIS_PREFIX: prefix, RECAPTCHA_SECRET_KEY: undefined, RECAPTCHA_SITE_KEY: undefined });
  t = await createTestDb();
  await redisReady();
  stopMail = startMailRuntime(t.db).stop;
});
afterAll(async () => {
  await stopMail?.();
  await proxy?.close();
  await sink?.stop();
  await purgeRedisPrefix(prefix);
  await closeRedis();
  restore?.();
  t?.cleanup();
});

describe("SMTP outage", () => {
  it("stores the inquiry while SMTP is down and delivers both mails once it is back", async () => {
    await proxy.down();
    const email = newEmail("outage");
    const r = await new Browser(t.db).call((c) => c.public.contacts.consult(validInput("consult", email) as never));
    expect((await t.db.select().from(contacts).where(eq(contacts.id, r.id))).length).toBe(1);
    await new Promise((res) => setTimeout(res, 2500)); // at least one failed attempt
    expect(sink.to(email)).toHaveLength(0);
    await proxy.up();
    await sink.waitFor((m) => m.to.includes(email), 30_000);
    await sink.waitFor((m) => m.subject.includes(`#${r.id}`), 30_000);
  });
});
