import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE } from "@/lib/constants/site";
import { ADDRESS_LIMIT_MESSAGE, mailboxKey } from "@/server/contacts";
import { closeDb, getDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { contacts } from "@/server/db/schema";
import { PEER_HEADER, peerHeaderValue } from "@/server/request/client-ip";
import { closeRedis } from "@/server/redis/client";
import { handleRest } from "@/server/rest/handler";
import { Browser, errorOf, nextIp, purgeRedisPrefix, redisReady, setTestEnv, startMailRuntime, uniquePrefix } from "../../helpers/accounts";
import { testDbUrl } from "../../helpers/db";
import { startSmtpSink, type SmtpSink } from "../../helpers/smtp-sink";
import { createUser } from "../../helpers/factories";
import { insertListing, validInput } from "./fixtures";

/**
 * Issue 27 item 4: the inquiry form must not relay a visitor's text from our sender to whatever
 * address they typed, and one mailbox gets a bounded number of auto-replies whatever the IPs.
 * Real SMTP sink, real outbox → BullMQ → worker, real REST handler.
 */
const BASE = "http://localhost:3000";
let db: Db;
let sink: SmtpSink;
let dir = "";
let prefix = "";
let restore: (() => void) | undefined;
let stopMail: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-relay-"));
  prefix = uniquePrefix("relay");
  sink = await startSmtpSink();
  restore = setTestEnv({
    DATABASE_URL: await testDbUrl(dir, "relay.db"),
    APP_URL: BASE,
    REDIS_PREFIX: prefix,
    SMTP_URL: sink.url,
    STAFF_EMAIL: "staff@example.com",
    CONTACT_PER_ADDRESS_PER_HOUR: "3",
    RECAPTCHA_SITE_KEY: undefined,
    RECAPTCHA_SECRET_KEY: undefined,
  });
  db = await getDb();
  await migrateDb(db);
  await redisReady();
  stopMail = startMailRuntime(db).stop;
});
afterAll(async () => {
  await stopMail?.();
  await sink.stop();
  await closeDb();
  await purgeRedisPrefix(prefix);
  await closeRedis();
  restore?.();
  rmSync(dir, { recursive: true, force: true });
});

const EVIL = "evil.example";

describe("the auto-reply echoes nothing the visitor typed", () => {
  it("names the listing and our office; the visitor's name, message and links stay out; staff get the text plain", async () => {
    const listing = await insertListing(db, { name: "テストコート江坂", no: "A-0042" });
    const victim = `victim-${Date.now()}@example.com`;
    const input = {
      ...validInput("investment", victim, listing),
      names: { last: `当選 https://${EVIL}/claim`, first: "http://evil.example/n" },
      inquiry: { main: ["other"], other: `賞金の受取は https://${EVIL}/prize へ` },
      comment: `おめでとうございます！ https://${EVIL}/win <a href="https://${EVIL}/a">こちら</a> www.${EVIL}`,
    };
    const r = await new Browser(db).call((c) => c.public.contacts.investment(input as never));

    const ack = await sink.waitFor((m) => m.to.includes(victim) && m.subject.includes("お問い合わせを受け付けました"));
    for (const part of [ack.text, ack.html, ack.subject]) {
      expect(part).not.toContain(EVIL);
      expect(part).not.toContain("当選");
      expect(part).not.toContain("おめでとうございます");
      expect(part).not.toContain("賞金");
    }
    expect(ack.text).toContain("テストコート江坂（物件番号 A-0042）");
    expect(ack.text).toContain(SITE.tel);
    expect(ack.text).toContain("物件へのお問い合わせ");

    const staff = await sink.waitFor((m) => m.to.includes("staff@example.com") && m.subject.includes(`#${r.id}`));
    expect(staff.text).toContain(`https://${EVIL}/win`);
    expect(staff.text).toContain(`賞金の受取は https://${EVIL}/prize へ`);
    // In the HTML part the visitor's words are escaped text: no link to their URLs, no markup of theirs.
    expect(staff.html).toContain(`https://${EVIL}/win`);
    expect(staff.html).not.toMatch(new RegExp(`<a[^>]+${EVIL.replace(".", "\\.")}`));
    expect(staff.html).toContain("&lt;a href=");
    // Our own admin link is still a link.
    expect(staff.html).toMatch(/<a href="http:\/\/localhost:3000\/[^"]*contacts\/\d+">/);
  });
});

describe("one mailbox, many IPs", () => {
  it("normalises the address", () => {
    expect(mailboxKey(" Victim+promo@Example.COM ")).toBe("victim@example.com");
    expect(mailboxKey("v.i.c.t.i.m+x@googlemail.com")).toBe("victim@gmail.com");
    expect(mailboxKey("v.i.c@example.com")).toBe("v.i.c@example.com");
  });

  it("a 4th inquiry to the same mailbox within the hour is refused from any IP (tRPC with the Japanese message, REST 429), stored nowhere and mailed nowhere", async () => {
    const tag = `target${Date.now()}`;
    const spellings = [
      `${tag}@example.com`,
      `${tag.toUpperCase()}@Example.com`,
      `${tag}+again@example.com`,
      `${tag}+more@example.com`,
      `${tag}+rest@example.com`,
    ];
    const mark = sink.mark();
    // Each a different inquiry (not a double submit), each from its own IP.
    const inquiry = (i: number) => ({ ...validInput("other", spellings[i]!), content: `問い合わせ ${i}` });
    for (const i of [0, 1, 2]) await new Browser(db, nextIp()).call((c) => c.public.contacts.other(inquiry(i) as never));

    const err = await errorOf(new Browser(db, nextIp()).call((c) => c.public.contacts.other(inquiry(3) as never)));
    expect(err.code).toBe("TOO_MANY_REQUESTS");
    expect(err.httpStatus).toBe(429);
    expect(err.message).toBe(ADDRESS_LIMIT_MESSAGE);

    // The REST adapter, from yet another address.
    const csrf = await handleRest(new Request(`${BASE}/sanctum/csrf-cookie`));
    const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]!);
    const token = decodeURIComponent(jar.find((c) => c.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length));
    const res = await handleRest(
      new Request(`${BASE}/api/contacts/other`, {
        method: "POST",
        headers: { cookie: jar.join("; "), "x-xsrf-token": token, "content-type": "application/json", [PEER_HEADER]: peerHeaderValue(nextIp())! },
        body: JSON.stringify(inquiry(4)),
      }),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same Japanese sentence as the tRPC answer.
    expect(await res.json()).toEqual({ message: ADDRESS_LIMIT_MESSAGE });

    // Three stored; the refused ones left no row, hence no outbox job and no mail.
    const lower = spellings.map((e) => e.toLowerCase());
    const stored = await db.select({ content: contacts.content }).from(contacts).where(inArray(contacts.email, lower));
    expect(stored.map((s) => s.content).sort()).toEqual(["問い合わせ 0", "問い合わせ 1", "問い合わせ 2"]);
    for (const email of lower.slice(0, 2)) await sink.waitFor((m) => m.to.includes(email) && m.subject.includes("お問い合わせを受け付けました"), 15_000, mark);
    expect(sink.messages.slice(mark).filter((m) => m.to.includes(lower[3]!) || m.to.includes(lower[4]!))).toHaveLength(0);

    // Another mailbox from one of the same IPs is unaffected.
    await new Browser(db, nextIp()).call((c) => c.public.contacts.other(validInput("other", `other-${tag}@example.com`) as never));
  });

  it("a member writing from their own account's address is not held to the per-address limit; another address typed by a member is", async () => {
    const member = await createUser(db, { email: `investor${Date.now()}@example.com` });
    const b = new Browser(db, nextIp());
    await b.call((c) => c.public.auth.login({ email: member.email, password: "secret-pass" }));
    for (let i = 0; i < 5; i++) await b.call((c) => c.public.contacts.other({ ...validInput("other", member.email), content: `物件${i}について` } as never));
    expect(await db.select().from(contacts).where(eq(contacts.email, member.email))).toHaveLength(5);

    const other = `someone-else${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) await b.call((c) => c.public.contacts.other({ ...validInput("other", other), content: `代理${i}` } as never));
    const err = await errorOf(b.call((c) => c.public.contacts.other({ ...validInput("other", other), content: "代理3" } as never)));
    expect(err.message).toBe(ADDRESS_LIMIT_MESSAGE);
  });

  it("a double submit counts once", async () => {
    const email = `double-${Date.now()}@example.com`;
    const b = new Browser(db, nextIp());
    const input = validInput("other", email);
    for (let i = 0; i < 4; i++) await b.call((c) => c.public.contacts.other(input as never));
    // Four identical submits were one inquiry: two more different ones still fit under 3.
    await b.call((c) => c.public.contacts.other({ ...input, content: "二件目" } as never));
    await b.call((c) => c.public.contacts.other({ ...input, content: "三件目" } as never));
    expect(await db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(3);
  });
});
