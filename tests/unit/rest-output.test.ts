import { describe, expect, it } from "vitest";
import { investmentDetailResult } from "@/schemas/investment";
import { searchQuery, searchQueryDto } from "@/schemas/search";
import { z } from "@/schemas/zod";
import { OutputDriftError, pinOutput } from "@/server/rest/output";

/** The REST adapter's output pin: the wire shape of a procedure result, nothing undeclared, never a drifted shape. */
const counts = z.object({ members: z.number().int(), investment: z.object({ members: z.number().int(), public: z.number().int() }) });
const stamped = z.object({ _id: z.number(), created_at: z.iso.datetime(), read_at: z.iso.datetime().nullable() });

describe("pinOutput", () => {
  it("strips undeclared fields at every depth", () => {
    expect(pinOutput(counts, { members: 1, investment: { members: 2, public: 3, draft: 4 }, password_hash: "x" }, "GET /api/options")).toStrictEqual({
      members: 1,
      investment: { members: 2, public: 3 },
    });
    expect(pinOutput(z.array(counts.pick({ members: true })), [{ members: 1, email: "a@b" }], "r")).toStrictEqual([{ members: 1 }]);
  });

  it("validates the JSON form: Dates become ISO strings, undefined members vanish", () => {
    const at = new Date("2026-11-21T03:04:05.678Z");
    expect(pinOutput(stamped, { _id: 1, created_at: at, read_at: null, extra: undefined }, "r")).toStrictEqual({
      _id: 1,
      created_at: "2026-11-21T03:04:05.678Z",
      read_at: null,
    });
    expect(pinOutput(z.null(), undefined, "r")).toBeNull();
  });

  it("throws on drift with the paths and codes, never the values", () => {
    const run = () => pinOutput(counts, { members: "秘密の値", investment: { members: 1 } }, "GET /api/options");
    expect(run).toThrow(OutputDriftError);
    try {
      run();
    } catch (e) {
      const err = e as OutputDriftError;
      expect(err.route).toBe("GET /api/options");
      expect(err.issues.map((i) => i.path.join("."))).toEqual(["members", "investment.public"]);
      expect(err.message).toContain("members invalid_type");
      expect(err.message).not.toContain("秘密の値");
    }
  });

  it("a locked listing keeps nothing but the flag; a full one needs its fields", () => {
    expect(pinOutput(investmentDetailResult, { locked: true, name: "会員限定の物件", price: 12000, _id: 5 }, "r")).toStrictEqual({ locked: true });
    expect(() => pinOutput(investmentDetailResult, { locked: false, name: "物件" }, "r")).toThrow(OutputDriftError);
  });
});

describe("searchQueryDto", () => {
  it("accepts every canonical query as it is, and refuses values the search does not know", () => {
    const q = searchQuery.parse({ re: "3,1", ty: [1], lp: "5000", hp: 3000, ss: "1", fw: "梅田 駅近", sr: "price_asc", page: 2 });
    expect(searchQueryDto.parse(q)).toStrictEqual(q);
    expect(searchQueryDto.safeParse({ re: [9] }).success).toBe(false);
    expect(searchQueryDto.safeParse({ re: [] }).success).toBe(false);
    expect(searchQueryDto.parse({ re: [3], unknown: 1 })).toStrictEqual({ re: [3] });
  });
});
