import { MEMBER_STATUSES, MEMBER_TYPES, memberStatusName, memberTypeName } from "@/lib/constants/account";
import { ACCOUNT_SORTS } from "@/schemas/admin/accounts";
import type { AccountDetailData } from "./account-detail";
import { AdminDataTable, RecordLink, type AdminColumn, type ColumnSort } from "./data-table";
import { AdminFilterBar, firstParam as one, type FilterField, type SearchParams } from "./filter-bar";
import { AdminPager } from "./pager";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeZone: "Asia/Tokyo" });
const dateOrDash = (d: Date | null) => (d ? dateFmt.format(d) : "—");

export type AccountListRow = Pick<
  AccountDetailData["profile"],
  "id" | "email" | "status" | "type" | "last_name" | "first_name" | "kana_last" | "kana_first" | "tel" | "created_at" | "last_login_at" | "deleted_at"
>;

/** The parameters a member search keeps (in this order) in its links and CSV URLs. */
const QUERY_KEYS = ["name", "kana", "email", "tel", "status", "type", "from", "to", "sort", "dir"];

const FILTERS: readonly FilterField[] = [
  { kind: "text", name: "name", label: "氏名" },
  { kind: "text", name: "kana", label: "フリガナ" },
  { kind: "text", name: "email", label: "メールアドレス" },
  { kind: "text", name: "tel", label: "電話番号", inputMode: "tel" },
  { kind: "select", name: "status", label: "ステータス", options: MEMBER_STATUSES.map((s) => ({ value: s.key, label: s.name })) },
  { kind: "select", name: "type", label: "会員種別", options: MEMBER_TYPES.map((s) => ({ value: s.key, label: s.name })) },
  { kind: "date", name: "from", label: "登録日（から）" },
  { kind: "date", name: "to", label: "登録日（まで）" },
];

/** Search form, sortable table and pager shared by the member list and the deleted list. */
export function AccountList({
  sp,
  path,
  data,
  deleted = false,
}: {
  sp: SearchParams;
  path: string;
  data: { items: AccountListRow[]; total: number; page: number; last: number };
  deleted?: boolean;
}) {
  const query = (over: Record<string, string>) => {
    const q = accountQuery(sp);
    for (const [k, v] of Object.entries(over)) if (v) q.set(k, v);
    return q;
  };
  const sort = (key: string): ColumnSort => ({
    href: `${path}?${query({ sort: key, dir: one(sp.sort) === key && one(sp.dir) !== "asc" ? "asc" : "desc", page: "" })}`,
    direction: one(sp.sort) === key ? (one(sp.dir) === "asc" ? "asc" : "desc") : null,
  });
  const sortLabel = (key: string) => ACCOUNT_SORTS.find((s) => s.key === key)?.name ?? key;
  const columns: AdminColumn<AccountListRow>[] = [
    { key: "id", header: sortLabel("id"), sort: sort("id"), cell: (u) => u.id },
    {
      key: "kana",
      header: "氏名",
      sort: sort("kana"),
      cell: (u) => (
        <>
          <RecordLink href={`${path}/${u.id}`}>
            {u.last_name} {u.first_name}
          </RecordLink>
          <span className="block text-xs text-muted-foreground">
            {u.kana_last} {u.kana_first}
          </span>
        </>
      ),
    },
    { key: "email", header: sortLabel("email"), sort: sort("email"), cell: (u) => u.email },
    { key: "tel", header: "電話番号", cellClassName: "whitespace-nowrap", cell: (u) => u.tel ?? "—" },
    { key: "status", header: "ステータス", cellClassName: "whitespace-nowrap", cell: (u) => memberStatusName(u.status) ?? u.status },
    { key: "type", header: "種別", cellClassName: "whitespace-nowrap", cell: (u) => memberTypeName(u.type) ?? u.type },
    { key: "created_at", header: "登録日", sort: sort("created_at"), cellClassName: "whitespace-nowrap", cell: (u) => dateFmt.format(u.created_at) },
    deleted
      ? { key: "deleted_at", header: "削除日", cellClassName: "whitespace-nowrap", cell: (u) => dateOrDash(u.deleted_at) }
      : {
          key: "last_login_at",
          header: "最終ログイン",
          sort: sort("last_login_at"),
          cellClassName: "whitespace-nowrap",
          cell: (u) => dateOrDash(u.last_login_at),
        },
  ];
  return (
    <div className="grid gap-4">
      <AdminFilterBar fields={FILTERS} values={sp} label="会員検索" action={path} className="sm:grid-cols-3 lg:grid-cols-5" clearHref={path} />
      <p className="text-sm text-muted-foreground">{data.total.toLocaleString("ja-JP")} 件</p>
      <AdminDataTable columns={columns} rows={data.items} rowKey={(u) => u.id} empty="検索内容に合致するデータがありません。" />
      <AdminPager page={data.page} last={data.last} href={(n) => `${path}?${query({ page: String(n) })}`} />
    </div>
  );
}

function accountQuery(sp: SearchParams): URLSearchParams {
  const q = new URLSearchParams();
  for (const k of QUERY_KEYS) if (one(sp[k])) q.set(k, one(sp[k]));
  return q;
}

/** The current search as a query string (for the CSV links). */
export function accountQueryString(sp: SearchParams): string {
  return accountQuery(sp).toString();
}
