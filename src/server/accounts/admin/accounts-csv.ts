import iconv from "iconv-lite";
import { fieldErrors } from "@/schemas/zod";
import { JOBS, SALARIES, memberStatusName, memberTypeName } from "@/lib/constants/account";
import { accountSearchInput } from "@/schemas/admin/accounts";
import type { Db } from "@/server/db";
import { exportAccounts } from "./accounts";
import { isAdminRequest } from "@/app/api/admin/_lib/upload-route";
import { toCsv, utf8WithBom } from "@/lib/csv";

const nameOf = (table: readonly { key: string; name: string }[], key: string | null) => (key ? (table.find((t) => t.key === key)?.name ?? key) : "");

const HEADER = ["会員ID", "メールアドレス", "姓", "名", "セイ", "メイ", "ステータス", "会員種別", "会社名", "郵便番号", "都道府県", "市区町村", "住所", "電話番号", "FAX", "職業", "年収", "自己資金（万円）", "登録日時", "最終ログイン"];

/**
 * GET /api/admin/accounts/csv?<the list's search>[&encoding=sjis]: every
 * member the search finds (all pages), as CSV: UTF-8 with a BOM, or Shift_JIS
 * (CP932, via iconv-lite) for Excel users.
 */
export async function handleAccountsCsv(db: Db, req: Request): Promise<Response> {
  if (!(await isAdminRequest(db, req))) return new Response("Not Found", { status: 404 });
  const url = new URL(req.url);
  const parsed = accountSearchInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ message: "検索条件が正しくありません", errors: fieldErrors(parsed.error) }, { status: 422 });
  const q = parsed.data;
  const encoding = url.searchParams.get("encoding") === "sjis" ? "sjis" : "utf8";
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
  // Excel on Japanese Windows opens Shift_JIS (CP932) directly; UTF-8 needs the BOM.
  const body = encoding === "sjis" ? new Uint8Array(iconv.encode(csv, "cp932")) : new Uint8Array(utf8WithBom(csv));
  return new Response(body, {
    headers: {
      "content-type": `text/csv; charset=${encoding === "sjis" ? "Shift_JIS" : "utf-8"}`,
      "content-disposition": `attachment; filename="members-${stamp}.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
