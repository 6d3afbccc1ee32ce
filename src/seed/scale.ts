/**
 * Scale data (`tsx scripts/seed.ts --investments 100000 --members 5000
 * --filters 50000`): many listings with transports, price history and derived
 * columns (no image files), members and saved searches, written with
 * multi-row INSERTs in transactions of a few thousand rows.
 */
import cliProgress from "cli-progress";
import { sql } from "drizzle-orm";
import { analyze, type Db } from "@/server/db";
import { filters, investment_price_histories, investment_transports, investments, notification_settings, users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/password";
import { refreshSiteCounts } from "@/server/options";
import { describeFilterQuery, memberRow, randomFilterQuery, type UserInsert } from "./accounts";
import { insertMany, maxId } from "./bulk";
import { DEMO_DEFAULTS } from "./demo";
import { generateListing, type GeneratedListing } from "./listings";
import { loadPlaceModel } from "./places";
import { Rng } from "./prng";

export interface SeedScaleOptions {
  investments?: number;
  members?: number;
  filters?: number;
  seed?: string;
  now?: Date;
  /** Password of every generated member (hashed once). */
  memberPassword?: string;
  /** Rows generated and committed per transaction. */
  batch?: number;
  /** Show cli-progress bars (default: when stdout is a TTY). */
  progress?: boolean;
  log?: (line: string) => void;
}

export interface SeedScaleResult {
  investments: number;
  transports: number;
  priceHistories: number;
  members: number;
  filters: number;
  ms: { investments: number; members: number; filters: number; total: number };
}

type Bar = { increment: (n: number) => void; stop: () => void };

function bar(enabled: boolean, label: string, total: number): Bar {
  if (!enabled || total === 0) return { increment: () => {}, stop: () => {} };
  const b = new cliProgress.SingleBar(
    { format: `${label.padEnd(12)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted} (eta {eta_formatted})`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  b.start(total, 0);
  return { increment: (n) => b.increment(n), stop: () => b.stop() };
}

export async function seedScale(db: Db, options: SeedScaleOptions = {}): Promise<SeedScaleResult> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const seed = options.seed ?? "kansai-scale";
  const batch = Math.max(100, options.batch ?? 5_000);
  const progress = options.progress ?? !!process.stdout.isTTY;
  const log = options.log ?? (() => {});
  const root = new Rng(seed);
  const result: SeedScaleResult = {
    investments: 0,
    transports: 0,
    priceHistories: 0,
    members: 0,
    filters: 0,
    ms: { investments: 0, members: 0, filters: 0, total: 0 },
  };

  /* ---------------- listings */
  const nInv = Math.max(0, options.investments ?? 0);
  if (nInv > 0) {
    const t = Date.now();
    const model = await loadPlaceModel(db);
    const firstId = (await maxId(db, investments)) + 1;
    const b = bar(progress, "listings", nInv);
    for (let start = 0; start < nInv; start += batch) {
      const size = Math.min(batch, nInv - start);
      const generated: GeneratedListing[] = [];
      for (let i = 0; i < size; i++) {
        const id = firstId + start + i;
        generated.push(generateListing(root.fork(`l${id}`), model, { id, now, compact: true }));
      }
      const transports = generated.flatMap((g) => g.transports.map((tr) => ({ ...tr, investment_id: g.row.id })));
      const history = generated.flatMap((g) => g.history.map((h) => ({ ...h, investment_id: g.row.id })));
      await db.transaction(async (tx) => {
        await insertMany(
          tx,
          investments,
          generated.map((g) => g.row),
        );
        await insertMany(tx, investment_transports, transports);
        await insertMany(tx, investment_price_histories, history);
      });
      result.investments += size;
      result.transports += transports.length;
      result.priceHistories += history.length;
      b.increment(size);
    }
    b.stop();
    result.ms.investments = Date.now() - t;
    log(`listings: ${result.investments} (${result.transports} transports) in ${(result.ms.investments / 1000).toFixed(1)} s`);
  }

  /* ---------------- members */
  const nMem = Math.max(0, options.members ?? 0);
  const newUserIds: number[] = [];
  if (nMem > 0) {
    const t = Date.now();
    const rng = root.fork("members");
    const hash = await hashPassword(options.memberPassword ?? DEMO_DEFAULTS.memberPassword);
    const firstId = (await maxId(db, users)) + 1;
    const b = bar(progress, "members", nMem);
    for (let start = 0; start < nMem; start += batch) {
      const size = Math.min(batch, nMem - start);
      const rows: (UserInsert & { id: number })[] = [];
      for (let i = 0; i < size; i++) {
        const id = firstId + start + i;
        const registered = new Date(now.getTime() - rng.int(1, 1095) * 86_400_000 - rng.int(0, 86_399) * 1000);
        rows.push({ ...memberRow(rng, `user${id}@scale.example.com`, hash, registered, now), id });
      }
      await db.transaction(async (tx) => {
        await insertMany(tx, users, rows);
        await insertMany(
          tx,
          notification_settings,
          rows.map((r) => ({
            user_id: r.id,
            matching: rng.pickWeighted([
              ["instant", 50],
              ["daily", 35],
              ["off", 15],
            ] as const),
          })),
        );
      });
      newUserIds.push(...rows.map((r) => r.id));
      result.members += size;
      b.increment(size);
    }
    b.stop();
    result.ms.members = Date.now() - t;
    log(`members: ${result.members} in ${(result.ms.members / 1000).toFixed(1)} s`);
  }

  /* ---------------- saved searches */
  const nFil = Math.max(0, options.filters ?? 0);
  if (nFil > 0) {
    const t = Date.now();
    const rng = root.fork("filters");
    // Spread over the members created now, or over every live member.
    const owners = newUserIds.length
      ? newUserIds
      : (
          await db
            .select({ id: users.id })
            .from(users)
            .where(sql`${users.deleted_at} IS NULL`)
            .all()
        ).map((r) => r.id);
    if (owners.length === 0) throw new Error("seed: --filters needs members (pass --members or seed members first)");
    const used = new Map<number, Set<string>>();
    const b = bar(progress, "filters", nFil);
    for (let start = 0; start < nFil; start += batch) {
      const size = Math.min(batch, nFil - start);
      const rows: (typeof filters.$inferInsert)[] = [];
      for (let i = 0; i < size; i++) {
        const userId = rng.pick(owners);
        const query = randomFilterQuery(rng);
        const names = used.get(userId) ?? new Set<string>();
        used.set(userId, names);
        let name = describeFilterQuery(query);
        for (let k = 2; names.has(name); k++) name = `${describeFilterQuery(query).slice(0, 40)}（${k}）`;
        names.add(name);
        const created = new Date(now.getTime() - rng.int(0, 700) * 86_400_000);
        rows.push({ user_id: userId, name, query, created_at: created, updated_at: created });
      }
      await db.transaction((tx) => insertMany(tx, filters, rows, { ignoreConflicts: true }));
      result.filters += size;
      b.increment(size);
    }
    b.stop();
    result.ms.filters = Date.now() - t;
    log(`saved searches: ${result.filters} in ${(result.ms.filters / 1000).toFixed(1)} s`);
  }

  if (nInv > 0) await analyze(db);
  await refreshSiteCounts(db);
  result.ms.total = Date.now() - started;
  return result;
}
