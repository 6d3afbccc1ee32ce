/**
 * walkNeeds is walkPays' inverse (src/server/search/sql.ts): a deep page's count goes on to exactly
 * the fewest matches for which its walk pays, no further (each extra match counted is a read).
 */
import { describe, expect, it } from "vitest";
import { COUNT_BOUND, WALK_MAX_ROWS, walkNeeds, walkPays } from "@/server/search";

describe("walkNeeds", () => {
  it("is the fewest matches for which walkPays holds, for every page depth up to page 500 of 20", () => {
    for (let rows = 1; rows <= 10_000; rows++) {
      const needed = walkNeeds(rows);
      expect(walkPays(needed, rows), `rows ${rows}`).toBe(true);
      expect(walkPays(needed - 1, rows), `rows ${rows}`).toBe(false);
    }
  });

  it("asks for no more than the list's bound on the first five pages of 20, and more beyond", () => {
    expect(walkNeeds(WALK_MAX_ROWS)).toBe(COUNT_BOUND);
    expect(walkNeeds(5 * 20)).toBeLessThanOrEqual(COUNT_BOUND);
    expect(walkNeeds(10 * 20)).toBe(1415);
    expect(walkNeeds(50 * 20)).toBe(3163);
  });
});
