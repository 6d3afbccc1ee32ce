/**
 * Photos on a libSQL cluster with MEDIA_STORAGE=database (issue 32 item 4): web node A on the
 * sqld primary and web node B on an embedded replica of the sqld replica, each its own process
 * with its own UPLOAD_DIR (what two machines have). A photo uploaded on A is saved with a
 * listing through B and shows on both; neither directory ever holds a file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_COOKIE } from "@/server/auth/session";
import { openDb, type Db } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { startSqld, type Sqld } from "../../../scripts/cluster/sqld";
import { purgeRedisPrefix, uniquePrefix } from "../../helpers/accounts";
import { createAdmin } from "../../helpers/factories";
import { jpeg, validForm } from "../admin/helpers";

const ROOT = path.resolve(import.meta.dirname, "../../..");
type Node = { base: string; child: ChildProcess; output: () => string };

let dir = "";
let primary: Sqld;
let replica: Sqld;
let db: Db;
let a: Node;
let b: Node;
const prefix = uniquePrefix("cluster-media");
const nodes: Node[] = [];
const uploads = (tag: string) => path.join(dir, tag, "uploads");

async function startNode(tag: string, env: Record<string, string>): Promise<Node> {
  const { DATABASE_SYNC_URL: _inherited, ...parent } = process.env;
  mkdirSync(uploads(tag), { recursive: true });
  const child = spawn(process.execPath, ["--import", "tsx", "tests/integration/cluster/fixtures/web-node.ts"], {
    cwd: ROOT,
    env: {
      ...parent,
      REDIS_PREFIX: prefix,
      APP_URL: "http://localhost:3000",
      APP_SECRET: "cluster-secret-0123456789abcdef0123456789abcdef",
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      LOG_LEVEL: process.env.CLUSTER_LOG ?? "warn",
      NODE_ENV: "test",
      MEDIA_STORAGE: "database",
      UPLOAD_DIR: uploads(tag),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      output += d.toString();
      const m = /ready (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`${tag} exited (${code}):\n${output}`)));
  });
  const node = { base: `http://127.0.0.1:${port}`, child, output: () => `[${tag}]\n${output}` };
  nodes.push(node);
  return node;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "kir-cluster-media-"));
  primary = await startSqld({ dir: path.join(dir, "primary") });
  replica = await startSqld({ dir: path.join(dir, "replica"), primaryGrpcUrl: primary.grpcUrl! });
  db = await openDb(primary.url);
  await migrateDb(db);
  [a, b] = await Promise.all([
    startNode("web-a", { DATABASE_URL: primary.url }),
    // DATABASE_PRIMARY_URL as README says for a node syncing from a replica: B's fresh reads (after a change)
    // go to the primary, not to the sqld replica, which may lag its primary (CI's 404 on B's photo).
    startNode("web-b", {
      DATABASE_URL: `file:${path.join(dir, "web-b", "replica.db")}`,
      DATABASE_SYNC_URL: replica.url,
      DATABASE_PRIMARY_URL: primary.url,
    }),
  ]);
});

afterAll(async () => {
  for (const n of nodes) n.child.kill("SIGKILL");
  db?.$client.close();
  await replica?.stop();
  await primary?.stop();
  await purgeRedisPrefix(prefix);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("media in the database on a sqld cluster", () => {
  it("a photo uploaded on A and saved through B shows on both; no node keeps a file", async () => {
    const admin = await createAdmin(db);
    const cookie = `${SESSION_COOKIE.admin}=${(await createSession(db, "admin", admin.id)).token}`;

    const fd = new FormData();
    fd.set("file", new Blob([new Uint8Array(await jpeg(1000, 700, "#336699"))]), "外観.jpg");
    const up = await fetch(`${a.base}/api/admin/images`, { method: "POST", body: fd, headers: { cookie, "sec-fetch-site": "same-origin" } });
    const staged = (await up.json()) as { token: string; message?: string };
    expect(up.status, staged.message ?? a.output()).toBe(201);

    const res = await fetch(`${b.base}/api/trpc/admin.investments.create`, {
      method: "POST",
      headers: { cookie, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify({ json: validForm({ images: [{ token: staged.token, comment: "外観" }] } as never) }),
    });
    const created = (await res.json()) as { result?: { data: { json: { id: number } } }; error?: unknown };
    expect(res.status, JSON.stringify(created.error) + b.output()).toBe(200);
    const id = created.result!.data.json.id;

    const [onA, onB] = await Promise.all([a, b].map((n) => fetch(`${n.base}/api/images/${id}/${staged.token}/thumb`)));
    expect(onA!.status, a.output()).toBe(200);
    expect(onB!.status, b.output()).toBe(200);
    const [bytesA, bytesB] = await Promise.all([onA!, onB!].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(bytesA!.equals(bytesB!)).toBe(true);
    expect((await sharp(bytesA!).metadata()).format).toBe("webp");

    expect(readdirSync(uploads("web-a"), { recursive: true })).toEqual([]);
    expect(readdirSync(uploads("web-b"), { recursive: true })).toEqual([]);
  });
});
