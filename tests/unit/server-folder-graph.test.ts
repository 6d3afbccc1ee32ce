import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shape of src/server (issue 29, README "Architecture"), read from the
 * source itself: the graph of its folders (an edge for every import, `@/server/…`
 * or relative, static or dynamic, from a file of one folder into another) has
 * no cycle; no file enters another domain except through its index.ts — a
 * relative import too, which the lint rule does not see; and no domain's front
 * door is a barrel (`export *`).
 */
const ROOT = path.resolve("src/server");
const TRANSPORTS = ["api", "rest", "http", "routes"];
const INFRASTRUCTURE = [...TRANSPORTS, "db", "auth", "cache", "jobs", "mail", "redis", "request"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The top folder of src/server a path lies in; a root module (env.ts, errors.ts…) is its own node. */
const folderOf = (p: string) =>
  path
    .relative(ROOT, p)
    .split(path.sep)[0]!
    .replace(/\.tsx?$/, "");

const SPECIFIER = /(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

interface Edge {
  file: string;
  specifier: string;
  from: string;
  to: string;
  /** The target path inside src/server, without extension. */
  target: string;
}

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sourceFiles(ROOT)) {
    for (const m of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const specifier = (m[1] ?? m[2])!;
      const target = specifier.startsWith("@/server/")
        ? path.join(ROOT, specifier.slice("@/server/".length))
        : specifier.startsWith(".")
          ? path.resolve(path.dirname(file), specifier)
          : null;
      if (!target || !target.startsWith(ROOT + path.sep)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from !== to) out.push({ file: path.relative(ROOT, file), specifier, from, to, target: path.relative(ROOT, target) });
    }
  }
  return out;
}

/** A cycle of the graph as a list of nodes, or null (depth-first search, colouring nodes). */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, "open");
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === "open") return [...stack.slice(stack.indexOf(m)), m];
      if (!state.has(m)) {
        const c = visit(m);
        if (c) return c;
      }
    }
    stack.pop();
    state.set(n, "done");
    return null;
  };
  for (const n of graph.keys()) {
    if (state.has(n)) continue;
    const c = visit(n);
    if (c) return c;
  }
  return null;
}

const domains = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !INFRASTRUCTURE.includes(d.name))
  .map((d) => d.name);

describe("src/server's folder graph", () => {
  it("finds a cycle when there is one (the checker itself)", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(g)).toEqual(["a", "b", "c", "a"]);
    g.get("c")!.delete("a");
    expect(findCycle(g)).toBeNull();
  });

  it("is acyclic", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges()) {
      if (!graph.has(e.from)) graph.set(e.from, new Set());
      graph.get(e.from)!.add(e.to);
    }
    const cycle = findCycle(graph);
    const witnesses = cycle?.slice(1).map((to, i) => edges().find((e) => e.from === cycle[i] && e.to === to));
    expect(cycle, JSON.stringify(witnesses, null, 1)).toBeNull();
  });

  it("enters another domain only through its front door", () => {
    const deep = edges().filter((e) => domains.includes(e.to) && e.target !== e.to && e.target !== path.join(e.to, "index"));
    expect(deep.map((e) => `${e.file}: ${e.specifier}`)).toEqual([]);
  });

  it("infrastructure imports no domain", () => {
    const below = INFRASTRUCTURE.filter((f) => !TRANSPORTS.includes(f));
    const up = edges().filter((e) => below.includes(e.from) && domains.includes(e.to));
    expect(up.map((e) => `${e.file}: ${e.specifier}`)).toEqual([]);
  });

  it("has named front doors, no barrels", () => {
    for (const d of domains) expect(readFileSync(path.join(ROOT, d, "index.ts"), "utf8"), d).not.toMatch(/export\s+\*/);
  });
});
