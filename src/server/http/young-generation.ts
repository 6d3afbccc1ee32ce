/**
 * The V8 flag every web process runs with (issue 31). A render allocates much short-lived garbage:
 * V8's default young generation (16 MB semi-spaces) spent 17 % of an uncached list page's CPU in GC.
 * With 64 MB, one process, nothing cached, 100,000 listings, interleaved 30 s runs: 22.9 / 25.1 →
 * 26.3 / 26.3 req/s, at up to ~100 MB more per process. main.ts gives it to the processes it forks;
 * scripts/bench-cluster.ts starts its one-process nodes with it, so the bench measures the same.
 */
export const YOUNG_GENERATION_FLAG = "--max-semi-space-size=64";

/** Whether the flag (any size) is already given, in execArgv or NODE_OPTIONS: a given one stands. */
export function hasYoungGenerationFlag(execArgv: readonly string[], nodeOptions = ""): boolean {
  return [...execArgv, nodeOptions].some((a) => /--max-semi-space-size\b/.test(a));
}
