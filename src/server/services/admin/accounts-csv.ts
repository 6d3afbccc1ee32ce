import { JOBS, SALARIES, memberStatusName, memberTypeName } from "@/lib/constants/account";
import { accountSearchInput } from "@/schemas/admin/accounts";
import type { Db } from "@/server/db";
import { exportAccounts } from "./accounts";
import { isAdminRequest } from "./upload-route";
import { toCsv, utf8WithBom } from "./csv";

const nameOf = (table: readonly { key: string; name: string }[], key: string | null) => (key ? (table.find((t) => t.key === key)?.name ?? key) : "");

const HEADER = ["会員ID", "メールアドレス", "姓", "名", "セイ", "メイ", "ステータス", "会員種別", "会社名", "郵便番号", "都道府県", "市区町村", "住所", "電話番号", "FAX", "職業", "年収", "自己資金（万円）", "登録日時", "最終ログイン"];

/**
 * GET /api/admin/accounts/csv?<the list's search>[&encoding=sjis]: every
 * member the search finds (all pages), as CSV. UTF-8 with a BOM; Shift_JIS
 * needs an encoder library that is not installed yet (answers 501).
 */
export async function handleAccountsCsv(db: Db, req: Request): Promise<Response> {
  if (!(await isAdminRequest(db, req))) return new Response("Not Found", { status: 404 });
  const url = new URL(req.url);
  const q = accountSearchInput.parse(Object.fromEntries(url.searchParams));
  const encoding = url.searchParams.get("encoding") === "sjis" ? "sjis" : "utf8";
  if (encoding === "sjis") {
    return new Response("Shift_JIS形式の出力は準備中です。UTF-8形式をご利用ください。", { status: 501, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const rows = await exportAccounts(db, q);
  const csv = toCsv(
    HEADER,
    rows.map((u) => [
      u.id,
      u.email,
      u.last_name,
      u.first_name,
      u.kana_last,
      u.kana_first,
      memberStatusName(u.status) ?? u.status,
      memberTypeName(u.type) ?? u.type,
      u.company,
      u.zip,
      u.pref,
      u.city,
      u.address,
      u.tel,
      u.fax,
      nameOf(JOBS, u.job),
      nameOf(SALARIES, u.salary),
      u.money,
      u.created_at,
      u.last_login_at,
    ]),
  );
  const stamp = new Date(Date.now() + 9 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, "");
  return new Response(new Uint8Array(utf8WithBom(csv)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="members-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
