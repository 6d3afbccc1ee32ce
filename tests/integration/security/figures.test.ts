import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "@/server/rest/routes";
import { procedures, tierOf, type Tier } from "./world";

/**
 * SECURITY.md's "Figures" count the procedures and REST routes the authorization matrix and the
 * fuzzing cover; this counts them from appRouter and the route table, so the document cannot drift
 * from the code (issue 29).
 */
const security = readFileSync(path.join(import.meta.dirname, "../../../SECURITY.md"), "utf8");
const TIERS: Tier[] = ["public", "member", "admin"];

function counts() {
  const trpc = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
  for (const p of Object.values(procedures)) trpc[tierOf(p)] += 1;
  const rest = Object.fromEntries(TIERS.map((t) => [t, 0])) as Record<Tier, number>;
  for (const r of routes) rest[r.doc.auth ?? "public"] += 1;
  const total = (c: Record<Tier, number>) => c.public + c.member + c.admin;
  return { trpc, rest, trpcTotal: total(trpc), restTotal: total(rest) };
}

describe("SECURITY.md figures", () => {
  it("the authorization matrix row names the procedures and routes there are, per tier, and its cell count", () => {
    const { trpc, rest, trpcTotal, restTotal } = counts();
    const ROLES = 5;
    const row = `${trpcTotal} tRPC procedures (${trpc.public} public, ${trpc.member} member, ${trpc.admin} admin) and ${restTotal} REST routes (${rest.public} public, ${rest.member} member, ${rest.admin} admin), each × ${ROLES} roles (visitor, member A, member B with A's ids, suspended member, admin): ${trpcTotal * ROLES} + ${restTotal * ROLES} = ${(trpcTotal + restTotal) * ROLES} cells`;
    expect(security).toContain(row);
  });

  it("the fuzzing row names the public and member procedures and routes there are", () => {
    const { trpc, rest } = counts();
    expect(security).toContain(`over ${trpc.public + trpc.member} public/member procedures and ${rest.public + rest.member} public/member REST routes`);
  });
});
