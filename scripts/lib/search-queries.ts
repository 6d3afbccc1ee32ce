/**
 * The search queries of `npm run bench` (scripts/bench.ts on the file, scripts/bench-cluster.ts on
 * the file, a sqld primary, its replica and an embedded replica): one list, so that every surface is
 * measured on the same queries. A before/after run on an older checkout copies this file with bench.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import type { LoanTerms } from "@/lib/economics";
import type { Audience } from "@/server/listings";

/** A search as someone sees it: the visitor by default; a member with loan terms for sr=cf_desc. */
export type SearchAs = { audience?: Audience; cashFlowTerms?: LoanTerms | null };

/** Each query's name, its parameters and who searches (the visitor unless said). */
export async function benchSearchQueries(db: Db): Promise<[string, string, SearchAs?][]> {
  // Codes that exist in the seeded data: the busiest station, its group, and a line.
  const busiest = await db.get<{ station_cd: number; group_cd: number; line_cd: number }>(
    sql`SELECT station_cd, group_cd, line_cd FROM investment_transports WHERE station_cd IS NOT NULL GROUP BY station_cd ORDER BY count(*) DESC LIMIT 1`,
  );
  const st = busiest?.station_cd ?? 0;
  const rg = busiest?.group_cd ?? 0;
  const sl = busiest?.line_cd ?? 0;
  // A member's own financing for the CF sort (issue 33): 頭金 20 %, 金利 2.5 %, 30 年, 諸費用 7 %.
  const memberTerms: LoanTerms = { downPaymentPct: 20, interestPct: 2.5, years: 30, purchaseCostPct: 7 };
  const member: SearchAs = { audience: "member", cashFlowTerms: memberTerms };
  return [
    ["all (no condition)", ""],
    ["all, price_asc", "sr=price_asc"],
    ["re=3 (大阪市内)", "re=3"],
    ["ty=1 (一棟マンション)", "ty=1"],
    ["lp/hp 5,000万-2億", "lp=5000&hp=20000"],
    ["ly=8 (利回り8%以上)", "ly=8"],
    ["sw=10 (駅徒歩10分)", "sw=10"],
    ["st (busiest station)", `st=${st}`],
    ["rg (station group)", `rg=${rg}`],
    ["sl (line)", `sl=${sl}`],
    ["fw 3+ chars (FTS)", "fw=天王寺"],
    ["fw 2 chars (instr)", "fw=梅田"],
    // katakana folds to まんしょん in the keywords, which name every マンション type: ~45 % of the listings
    ["fw in half the listings (FTS)", "fw=マンション"],
    ["bt=20 (築20年以内)", "bt=20"],
    ["fs=1 (残存20年)", "fs=1"],
    ["fs=7 (新耐震)", "fs=7"],
    ["re+ty+price", "re=3&ty=1&lp=5000&hp=20000"],
    ["ty+ly+sw+bt", "ty=1&ty=2&ly=7&sw=10&bt=30"],
    ["st+sw+price", `st=${st}&sw=10&lp=3000&hp=30000`],
    ["re+ty+ly+fs, price_asc", "re=1&re=2&ty=6&ly=6&fs=7&sr=price_asc"],
    ["fw+ty+ly", "fw=天王寺&ty=1&ty=2&ly=6"],
    ["ct+ty+bt, yield_desc", "ct=281000&ty=2&bt=25&sr=yield_desc"],
    ["re+ty, page 20", "re=3&ty=1&ty=6&page=20"],
    // 駅から近い順 (NULLs last): its own sort index since migration 0025
    ["all, walk_asc", "sr=walk_asc"],
    ["re+ty+ly, walk_asc", "re=3&ty=1&ty=2&ly=6&sr=walk_asc"],
    ["fw in half the listings, walk_asc", "fw=マンション&sr=walk_asc"],
    ["sl, walk_asc, page 10", `sl=${sl}&sr=walk_asc&page=10`],
    // a set's deep pages: past WALK_MAX_ROWS the count goes on as far as the walk needs (walkNeeds)
    ["ct 大阪市, page 10", "ct=271004&page=10"],
    ["fw in half the listings, page 10", "fw=マンション&page=10"],
    ["fw 3+ chars, price_asc, page 20", "fw=天王寺&sr=price_asc&page=20"],
    // issue 33: the deal's numbers and their sorts
    ["ny=5 (実質利回り5%以上)", "ny=5"],
    ["sk=70 (積算比70%以上)", "sk=70"],
    ["ow=1 (所有権のみ)", "ow=1"],
    ["oc=1 (現況満室)", "oc=1"],
    ["all, net_yield_desc", "sr=net_yield_desc"],
    ["all, sekisan_desc", "sr=sekisan_desc"],
    ["ny+sk+ow, net_yield_desc", "ny=5&sk=70&ow=1&sr=net_yield_desc"],
    ["re+ty+ny+oc, sekisan_desc", "re=3&ty=1&ty=2&ny=4&oc=1&sr=sekisan_desc"],
    ["ct+sk+ow, price_asc", "ct=271004&sk=80&ow=1&sr=price_asc"],
    ["member, all", "", { audience: "member" }],
    ["member CF sort (cf_desc + terms)", "sr=cf_desc", member],
    ["member CF sort, re+ty", "re=3&ty=1&ty=2&sr=cf_desc", member],
    ["member CF sort, page 20", "lp=3000&sr=cf_desc&page=20", member],
  ];
}
