"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { typeName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import { BULK_ACTIONS, type BulkAction } from "@/lib/constants/bulk-actions";
import { api } from "@/trpc/react";
import { AdminDataTable, RecordLink, type AdminColumn } from "./data-table";

export interface AdminInvestmentRow {
  id: number;
  name: string;
  type_cd: number;
  type_other: string | null;
  city_name: string | null;
  price: number;
  price_down: boolean;
  no: string | null;
  public: boolean;
  members: boolean;
  premium: boolean;
  next_update_at: string | null;
  overdue: boolean;
  update_at: string | null;
}

/** The admin listing table: selection, bulk publish / unpublish / members-only / delete, duplicate. */
export function InvestmentTable({ base, rows }: { base: string; rows: AdminInvestmentRow[] }) {
  const router = useRouter();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<BulkAction | "">("");
  const [message, setMessage] = useState<string | null>(null);
  const bulk = api.admin.investments.bulk.useMutation();
  const duplicate = api.admin.investments.duplicate.useMutation();
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));

  async function run() {
    if (!action || selected.size === 0) return;
    if (action === "delete" && !window.confirm(`${selected.size}件の物件を削除します。元に戻せません。よろしいですか？`)) return;
    setMessage(null);
    try {
      const r = await bulk.mutateAsync({ ids: [...selected], action });
      const skipped = r.skipped.map((x) => `${x.no ?? `#${x.id}`}：${x.reason}`).join("／");
      setMessage(`${r.updated}件を更新しました。${skipped ? `公開できなかった物件 ${skipped}` : ""}`);
      setSelected(new Set());
      router.refresh();
    } catch (e) {
      setMessage(e instanceof Error ? e.message : "更新できませんでした");
    }
  }

  const columns: AdminColumn<AdminInvestmentRow>[] = [
    {
      key: "select",
      header: <input type="checkbox" aria-label="すべて選択" checked={all} onChange={() => setSelected(all ? new Set() : new Set(rows.map((r) => r.id)))} />,
      cell: (r) => <input type="checkbox" aria-label={`${r.name}を選択`} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />,
    },
    { key: "no", header: "物件番号", cellClassName: "whitespace-nowrap", cell: (r) => r.no ?? "—" },
    { key: "name", header: "物件名", cell: (r) => <RecordLink href={`${base}/investments/${r.id}`}>{r.name}</RecordLink> },
    { key: "type", header: "種別", cellClassName: "whitespace-nowrap", cell: (r) => typeName(r.type_cd, r.type_other) },
    { key: "city", header: "所在地", cellClassName: "whitespace-nowrap", cell: (r) => r.city_name ?? "—" },
    {
      key: "price",
      header: "価格",
      className: "text-right",
      cellClassName: "whitespace-nowrap",
      cell: (r) => (
        <>
          {formatPrice(r.price)}
          {r.price_down ? (
            <Badge variant="error" className="ml-1">
              値下げ
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: "state",
      header: "状態",
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          {r.public ? <Badge>公開</Badge> : <Badge variant="muted">非公開</Badge>}
          {r.members ? <Badge variant="gold">会員限定</Badge> : null}
          {r.premium ? <Badge variant="gold-outline">おすすめ</Badge> : null}
          {r.overdue ? <Badge variant="error">更新期限切れ</Badge> : null}
        </div>
      ),
    },
    { key: "next_update_at", header: "次回更新", cellClassName: "whitespace-nowrap", cell: (r) => r.next_update_at ?? "—" },
    {
      key: "actions",
      header: "操作",
      cellClassName: "whitespace-nowrap",
      cell: (r) => (
        <button
          type="button"
          className="underline"
          onClick={async () => {
            const c = await duplicate.mutateAsync({ id: r.id });
            router.push(`${base}/investments/${c.id}`);
          }}
        >
          複製
        </button>
      ),
    },
  ];

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 text-sm shadow-sm">
        <span>{selected.size}件選択中</span>
        <label className="flex items-center gap-2">
          <span className="sr-only">一括操作</span>
          <select
            value={action}
            onChange={(e) => setAction(e.target.value as BulkAction)}
            className="h-9 rounded-md border border-border px-2"
            aria-label="一括操作"
          >
            <option value="">一括操作を選択</option>
            {BULK_ACTIONS.map((a) => (
              <option key={a.key} value={a.key}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" onClick={run} disabled={!action || selected.size === 0 || bulk.isPending}>
          実行
        </Button>
        {message ? (
          <p role="status" className="text-sm">
            {message}
          </p>
        ) : null}
      </div>
      <AdminDataTable columns={columns} rows={rows} rowKey={(r) => r.id} />
    </div>
  );
}
