import iconv from "iconv-lite";
import { beforeAll, describe, expect, it } from "vitest";
import { handleAccountsCsv } from "@/server/routes/accounts-csv";
import { useAccountSuite } from "../../helpers/accounts";
import { createUser } from "../../helpers/factories";
import { actors, type Actors } from "../admin/helpers";

/**
 * The member CSV export (UTF-8 and Shift_JIS) neutralises every cell Excel
 * would run as a formula, including the full-width forms a Japanese Excel
 * converts to ASCII.
 */
const s = useAccountSuite({ mail: false });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

const HOSTILE = [
  "=HYPERLINK(1)",
  "+1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(A1)",
  '＝HYPERLINK("http://x.invalid")',
  "＋1",
  "－1",
  "＠SUM(A1)",
  "﹦1+1",
  "−1+1",
  " =1+1",
  "\u3000＝1+1",
  "\t=1",
];

async function exportFor(tag: string, encoding: "utf8" | "sjis"): Promise<string> {
  const req = new Request(`http://localhost:3000/api/admin/accounts/csv?email=${tag}&encoding=${encoding}`, { headers: { cookie: a.admin.cookieHeader() } });
  const res = await handleAccountsCsv(s.db, req);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return encoding === "sjis" ? iconv.decode(bytes, "cp932") : new TextDecoder().decode(bytes.subarray(3));
}

/** The cell's value as a spreadsheet reads it (RFC 4180 unquoting of a simple row). */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(?:,|$)/g;
  for (const m of line.matchAll(re)) {
    if (m.index === line.length) break;
    const v = m[1] ?? "";
    out.push(v.startsWith('"') ? v.slice(1, -1).replace(/""/g, '"') : v);
  }
  return out;
}

describe("CSV injection", () => {
  it.each(["utf8", "sjis"] as const)("no exported cell starts like a formula (%s)", async (encoding) => {
    const tag = `csvinj-${crypto.randomUUID().slice(0, 6)}`;
    for (const [i, name] of HOSTILE.entries()) await createUser(s.db, { email: `${tag}-${i}@example.com`, last_name: name, city: name });
    const lines = (await exportFor(tag, encoding)).trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(HOSTILE.length);
    const formulaStart = /^[\s\u3000]*[=+\-@＝＋－＠﹦﹢﹣﹫−]|^[\t\r\n]/u;
    for (const line of lines) {
      for (const cell of cells(line)) expect(cell, line).not.toMatch(formulaStart);
    }
    // The value itself survives behind the apostrophe.
    const all = lines.join("\n");
    expect(all).toContain("'＝HYPERLINK");
    expect(all).toContain("'＠SUM(A1)");
    expect(all).toContain("'=HYPERLINK(1)");
  });
});
