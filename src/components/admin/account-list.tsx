import Link from "next/link";
import { MEMBER_STATUSES, MEMBER_TYPES, memberStatusName, memberTypeName } from "@/lib/constants/account";
import { ACCOUNT_SORTS } from "@/schemas/admin/accounts";
import { AdminPager } from "./pager";

type SP = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
const input = "h-9 rounded-md border border-border bg-white px-2";
const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeZone: "Asia/Tokyo" });

export interface AccountListRow {
  id: number;
  email: string;
  status: string;
  type: string;
  last_name: string;
  first_name: string;
  kana_last: string;
  kana_first: string;
  tel: string | null;
  created_at: Date;
  last_login_at: Date | null;
  deleted_at: Date | null;
}

/** Search form, sortable table and pager shared by the member list and the deleted list. */
export function AccountList({
  sp,
  path,
  data,
  deleted = false,
}: {
  sp: SP;
  path: string;
  data: { items: AccountListRow[]; total: number; page: number; last: number };
  deleted?: boolean;
}) {
  const query = (over: Record<string, string>) => {
    const q = new URLSearchParams();
    for (const k of ["name", "kana", "email", "tel", "status", "type", "from", "to", "sort", "dir"]) if (one(sp[k])) q.set(k, one(sp[k]));
    for (const [k, v] of Object.entries(over)) if (v) q.set(k, v);
    return q;
  };
  const sortHref = (key: string) => {
    const dir = one(sp.sort) === key && one(sp.dir) !== "asc" ? "asc" : "desc";
    return `${path}?${query({ sort: key, dir, page: "" })}`;
  };
  const sortMark = (key: string) => (one(sp.sort) === key ? (one(sp.dir) === "asc" ? " ▲" : " ▼") : "");
  const ariaSort = (key: string) => (one(sp.sort) === key ? (one(sp.dir) === "asc" ? "ascending" : "descending") : undefined);
  const sortLabel = (key: string) => ACCOUNT_SORTS.find((s) => s.key === key)?.name ?? key;
  return (
    <div className="grid gap-4">
      <form method="get" action={path} className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm sm:grid-cols-3 lg:grid-cols-5" aria-label="会員検索">
        <label className="grid gap-1">
          氏名
          <input name="name" defaultValue={one(sp.name)} className={input} />
        </label>
        <label className="grid gap-1">
          フリガナ
          <input name="kana" defaultValue={one(sp.kana)} className={input} />
        </label>
        <label className="grid gap-1">
          メールアドレス
          <input name="email" defaultValue={one(sp.email)} className={input} />
        </label>
        <label className="grid gap-1">
          電話番号
          <input name="tel" defaultValue={one(sp.tel)} className={input} inputMode="tel" />
        </label>
        <label className="grid gap-1">
          ステータス
          <select name="status" defaultValue={one(sp.status)} className={input}>
            <option value="">すべて</option>
            {MEMBER_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          会員種別
          <select name="type" defaultValue={one(sp.type)} className={input}>
            <option value="">すべて</option>
            {MEMBER_TYPES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1">
          登録日（から）
          <input type="date" name="from" defaultValue={one(sp.from)} className={input} />
        </label>
        <label className="grid gap-1">
          登録日（まで）
          <input type="date" name="to" defaultValue={one(sp.to)} className={input} />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="h-9 rounded-md bg-primary px-4 font-bold text-white">
            検索
          </button>
          <Link href={path} className="underline">
            クリア
          </Link>
        </div>
      </form>
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-primary-50 text-left">
            <tr>
              {(["id", "kana", "email"] as const).map((k) => (
                <th key={k} className="px-3 py-2" aria-sort={ariaSort(k)}>
                  <Link href={sortHref(k)}>
                    {k === "kana" ? "氏名" : sortLabel(k)}
                    {sortMark(k)}
                  </Link>
                </th>
              ))}
              <th className="px-3 py-2">電話番号</th>
              <th className="px-3 py-2">ステータス</th>
              <th className="px-3 py-2">種別</th>
              <th className="px-3 py-2" aria-sort={ariaSort("created_at")}>
                <Link href={sortHref("created_at")}>登録日{sortMark("created_at")}</Link>
              </th>
              {deleted ? (
                <th className="px-3 py-2">削除日</th>
              ) : (
                <th className="px-3 py-2" aria-sort={ariaSort("last_login_at")}>
                  <Link href={sortHref("last_login_at")}>最終ログイン{sortMark("last_login_at")}</Link>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {data.items.map((u) => (
              <tr key={u.id} className="border-t border-border">
                <td className="px-3 py-2">{u.id}</td>
                <td className="px-3 py-2">
                  <Link href={`${path}/${u.id}`} className="font-bold underline underline-offset-2">
                    {u.last_name} {u.first_name}
                  </Link>
                  <span className="block text-xs text-muted-foreground">
                    {u.kana_last} {u.kana_first}
                  </span>
                </td>
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2 whitespace-nowrap">{u.tel ?? "—"}</td>
                <td className="px-3 py-2 whitespace-nowrap">{memberStatusName(u.status) ?? u.status}</td>
                <td className="px-3 py-2 whitespace-nowrap">{memberTypeName(u.type) ?? u.type}</td>
                <td className="px-3 py-2 whitespace-nowrap">{dateFmt.format(u.created_at)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {deleted ? (u.deleted_at ? dateFmt.format(u.deleted_at) : "—") : u.last_login_at ? dateFmt.format(u.last_login_at) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.items.length === 0 ? <p className="p-4 text-sm">検索内容に合致するデータがありません。</p> : null}
      </div>
      <AdminPager page={data.page} last={data.last} href={(n) => `${path}?${query({ page: String(n) })}`} />
    </div>
  );
}

/** The current search as a query string (for the CSV links). */
export function accountQueryString(sp: SP): string {
  const q = new URLSearchParams();
  for (const k of ["name", "kana", "email", "tel", "status", "type", "from", "to", "sort", "dir"]) if (one(sp[k])) q.set(k, one(sp[k]));
  return q.toString();
}
