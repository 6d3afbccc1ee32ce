/**
 * The matcher folds text as the FTS5 trigram index does (src/server/search/plan.ts
 * FTS_FOLD_RANGES). This reads SQLite's folding straight from the index — one
 * document "xy" + c per code point c, whose single trigram term ends with the
 * folded c — and compares every code point.
 */
import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { foldFts } from "@/server/search/plan";

describe("foldFts equals the FTS5 trigram tokenizer's case folding", () => {
  it("for every code point", async () => {
    const c = createClient({ url: ":memory:" });
    try {
      await c.execute("CREATE VIRTUAL TABLE f USING fts5(name, tokenize='trigram')");
      await c.execute("CREATE VIRTUAL TABLE v USING fts5vocab(f, instance)");
      const cps: number[] = [];
      for (let cp = 1; cp <= 0x10ffff; cp++) if (cp < 0xd800 || cp > 0xdfff) cps.push(cp);
      for (let i = 0; i < cps.length; i += 2000) {
        const chunk = cps.slice(i, i + 2000);
        await c.execute({
          sql: `INSERT INTO f(rowid, name) VALUES ${chunk.map(() => "(?, ?)").join(",")}`,
          args: chunk.flatMap((cp) => [cp, `xy${String.fromCodePoint(cp)}`]),
        });
      }
      const rows = (await c.execute("SELECT term, doc FROM v WHERE term >= 'xy' AND term < 'xz'")).rows;
      expect(rows.length).toBe(cps.length);
      const mismatches: string[] = [];
      for (const row of rows) {
        const cp = Number(row.doc);
        const sqlite = [...String(row.term)][2];
        const ours = foldFts(String.fromCodePoint(cp));
        if (sqlite !== ours) mismatches.push(`U+${cp.toString(16)}: sqlite ${sqlite} ours ${ours}`);
      }
      expect(mismatches.slice(0, 20)).toEqual([]);
    } finally {
      c.close();
    }
  });

  it("on whole strings (ASCII fast path and mixed text)", () => {
    expect(foldFts("RC造 ABC")).toBe("rc造 abc");
    expect(foldFts("ΣΑΣ Straße ſ µ İ")).toBe("σασ straße s μ İ");
    expect(foldFts("梅田駅")).toBe("梅田駅");
  });
});
