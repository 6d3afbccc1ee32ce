import iconv from "iconv-lite";
import { JOBS, SALARIES, memberStatusName, memberTypeName } from "@/lib/constants/account";
import type { accountSearchInput } from "@/schemas/admin/accounts";
import type { z } from "@/schemas/zod";
import type { Db } from "@/server/db";
import { exportAccounts } from "./accounts";
import { toCsv, utf8WithBom } from "@/lib/csv";

const nameOf = (table: readonly { key: string; name: string }[], key: string | null) => (key ? (table.find((t) => t.key === key)?.name ?? key) : "");

const HEADER = [
  "会員ID",
  "メールアドレス",
  "姓",
  "名",
  "セイ",
  "メイ",
  "ステータス",
  "会員種別",
  "会社名",
  "郵便番号",
  "都道府県",
  "市区町村",
  "住所",
  "電話番号",
  "FAX",
  "職業",
  "年収",
  "自己資金（万円）",
  "登録日時",
  "最終ログイン",
];

export type CsvEncoding = "utf8" | "sjis";

/**
 * Every member a staff search finds (all pages), as a CSV file: UTF-8 with a
 * BOM, or Shift_JIS (CP932, via iconv-lite) for Excel users.
 */
export async function accountsCsv(
  db: Db,
  query: z.output<typeof accountSearchInput>,
  encoding: CsvEncoding,
  now = new Date(),
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string; filename: string }> {
  const rows = await exportAccounts(db, query);
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
  const stamp = new Date(now.getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10).replace(/-/g, "");
  // Excel on Japanese Windows opens Shift_JIS (CP932) directly; UTF-8 needs the BOM.
  const body = encoding === "sjis" ? new Uint8Array(iconv.encode(csv, "cp932")) : new Uint8Array(utf8WithBom(csv));
  return { body, contentType: `text/csv; charset=${encoding === "sjis" ? "Shift_JIS" : "utf-8"}`, filename: `members-${stamp}.csv` };
}
