import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchings, outbox } from "@/server/db/schema";
import { bulkInvestments } from "@/server/investments/editor/bulk";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";
import { createMember, insertListing, sleep, startRuntime, useWorkerSuite, waitFor } from "./helpers";

/**
 * Redis unavailable: the mutation still commits with its outbox rows, the
 * relay keeps them pending (nothing lost, nothing half-sent), and once Redis
 * answers again they are relayed and processed. The runtime points at a
 * proxy port that is closed first and then opened onto the real Redis.
 */
const s = useWorkerSuite({ runtime: false });
const real = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
let proxy: TcpProxy;

beforeAll(async () => {
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 6379) });
  await proxy.down();
});
afterAll(async () => {
  await proxy.close();
});

const pendingRows = () => s.db.select().from(outbox).where(isNull(outbox.relayed_at)).all();

describe("outbox while Redis is down", () => {
  it("commits the mutation, keeps the work pending, relays and runs it when Redis is back", async () => {
    const member = await createMember(s.db, { queries: [{ ty: [1] }], tag: "outage" });
    const id = await insertListing(s.db, { public: false, name: "停止中に公開した物件" });
    s.runtime = startRuntime(s.db, s.prefix, { redisUrl: proxy.url("redis") });

    // The admin publishes while Redis is unreachable: the mutation succeeds.
    const started = Date.now();
    const r = await bulkInvestments(s.db, [id], "publish");
    expect(r).toMatchObject({ updated: 1, skipped: [] });
    expect(Date.now() - started).toBeLessThan(60_000); // does not wait on Redis (ioredis would retry for ever)
    const waiting = await pendingRows();
    expect(waiting.map((w) => w.job).sort()).toEqual(["matchInvestment", "refreshSiteCounts"]);

    // The relay tries (on its 50 ms tick) and gets nowhere: rows stay pending, nothing ran.
    await sleep(1500);
    expect((await pendingRows()).length).toBe(2);
    expect(await s.db.select().from(matchings).where(eq(matchings.investment_id, id)).all()).toEqual([]);

    // Redis answers on the same address again: relayed, matched, mailed.
    const mark = s.sink.mark();
    await proxy.up();
    await waitFor(async () => (await pendingRows()).length === 0, 15_000, "outbox relayed");
    await waitFor(
      async () =>
        await s.db
          .select()
          .from(matchings)
          .where(and(eq(matchings.investment_id, id), eq(matchings.user_id, member.id)))
          .get(),
      10_000,
      "matching row",
    );
    const mail = await s.sink.waitFor((m) => m.to.includes(member.email), 15_000, mark);
    expect(mail.text).toContain("停止中に公開した物件");
    await s.runtime.stop();
  });

  it("a worker stopping while Redis is down does not hang", async () => {
    await proxy.down();
    s.runtime = startRuntime(s.db, s.prefix, { redisUrl: proxy.url("redis") });
    await sleep(300);
    const t = Date.now();
    await s.runtime.stop();
    expect(Date.now() - t).toBeLessThan(120_000); // does not hang
    await proxy.up();
  });
});
