import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of src/server (eslint.config.mjs, README "Layout"),
 * proved on fixture sources linted with the project's own config: a domain
 * that reaches for tRPC, Next or a transport fails, and so does a route or
 * router that reaches past a domain's front door — for a domain folder that
 * does not exist yet too, so a new one is covered without editing the rule.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("a service importing tRPC, Next or a transport fails lint", async () => {
    for (const line of [
      'import { TRPCError } from "@trpc/server";',
      'import { redirect } from "next/navigation";',
      'import type { MetadataRoute } from "next";',
      'import { fieldInvalid } from "@/server/api/errors";',
      'import { errorResponse } from "@/server/rest/errors";',
      'import { withPageCache } from "@/server/http/page-cache";',
      'import { api } from "@/trpc/server";',
    ]) {
      for (const file of ["src/server/investments/fixture.ts", "src/server/some-new-domain/fixture.ts"]) {
        const errors = await restrictedImports(file, `${line}\nexport const x = 1;\n`);
        expect(errors, `${file}: ${line}`).toHaveLength(1);
        expect(errors[0]).toContain("transport-free");
      }
    }
  });

  it("a service throwing AppError passes", async () => {
    const code = 'import { AppError } from "@/server/errors";\nimport { visibleTo } from "@/server/listings";\nexport const f = () => [AppError, visibleTo];\n';
    expect(await restrictedImports("src/server/members/fixture.ts", code)).toEqual([]);
  });

  it("routers, routes, pages and the worker reach a domain only through its front door", async () => {
    const deep = 'import { searchInvestments } from "@/server/search/sql";\nexport const f = searchInvestments;\n';
    const newDomain = 'import { mapPins } from "@/server/some-new-domain/pins";\nexport const f = mapPins;\n';
    for (const file of [
      "src/server/api/routers/public/fixture.ts",
      "src/server/rest/fixture.ts",
      "src/app/(site)/fixture/page.tsx",
      "worker/processors/fixture.ts",
    ]) {
      expect(await restrictedImports(file, deep), file).toHaveLength(1);
      expect(await restrictedImports(file, newDomain), file).toHaveLength(1);
      const front =
        'import { searchInvestments } from "@/server/search";\nimport { getDb } from "@/server/db";\nimport { createSession } from "@/server/auth/session";\nexport const f = [searchInvestments, getDb, createSession];\n';
      expect(await restrictedImports(file, front), file).toEqual([]);
    }
  });

  it("inside src/server a domain reaches another domain only through its front door, its own files freely", async () => {
    const deep = 'import { countInvestments } from "@/server/search/sql";\nexport const f = countInvestments;\n';
    const front =
      'import { countInvestments } from "@/server/search";\nimport { loadCards } from "@/server/listings";\nexport const f = [countInvestments, loadCards];\n';
    for (const file of ["src/server/members/fixture.ts", "src/server/investments/editor/fixture.ts", "src/server/some-new-domain/fixture.ts"]) {
      const errors = await restrictedImports(file, deep);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toContain("front door");
      expect(await restrictedImports(file, front), file).toEqual([]);
    }
    const own =
      'import { countInvestments } from "@/server/search/sql";\nimport { planQuery } from "@/server/search/plan";\nexport const f = [countInvestments, planQuery];\n';
    expect(await restrictedImports("src/server/search/matching/fixture.ts", own)).toEqual([]);
  });

  it("infrastructure never imports a domain, not even through its front door", async () => {
    for (const file of [
      "src/server/db/fixture.ts",
      "src/server/jobs/fixture.ts",
      "src/server/mail/fixture.ts",
      "src/server/cache/fixture.ts",
      "src/server/request/fixture.ts",
      "src/server/redis/fixture.ts",
      "src/server/auth/fixture.ts",
    ]) {
      for (const line of [
        'import { rebuildKeywords } from "@/server/investments";',
        'import { visibleTo } from "@/server/listings/visibility";',
        'import { pins } from "@/server/some-new-domain";',
      ]) {
        const errors = await restrictedImports(file, `${line}\nexport const x = 1;\n`);
        expect(errors, `${file}: ${line}`).toHaveLength(1);
        expect(errors[0]).toContain("never imports a domain");
      }
      const below =
        'import { getDb } from "@/server/db";\nimport { enqueue } from "@/server/jobs/outbox";\nimport { getRedis } from "@/server/redis/client";\nimport { env } from "@/server/env";\nimport { AppError } from "@/server/errors";\nexport const f = [getDb, enqueue, getRedis, env, AppError];\n';
      expect(await restrictedImports(file, below), file).toEqual([]);
    }
  });
});
