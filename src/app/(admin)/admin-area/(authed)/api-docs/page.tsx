import type { Metadata } from "next";
import { AdminDataTable, type AdminColumn } from "@/components/admin/data-table";
import { AdminPageShell } from "@/components/admin/page-header";
import { openApiDocument } from "@/server/rest/openapi";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "API仕様" };

type Operation = { summary?: string; tags?: string[]; security?: unknown[]; responses?: Record<string, { description?: string }> };
type Row = { path: string; method: string; op: Operation };

const COLUMNS: AdminColumn<Row>[] = [
  { key: "method", header: "メソッド", cellClassName: "font-mono font-bold", cell: (r) => r.method },
  { key: "path", header: "パス", cellClassName: "font-mono", cell: (r) => r.path },
  { key: "summary", header: "内容", cell: (r) => r.op.summary },
  { key: "auth", header: "認証", cellClassName: "whitespace-nowrap", cell: (r) => (r.op.security ? (r.op.tags?.includes("admin") ? "管理者" : "会員") : "—") },
  { key: "responses", header: "応答", cellClassName: "font-mono text-xs", cell: (r) => Object.keys(r.op.responses ?? {}).join(" ") },
];

/** A readable view of /api/openapi.json (generated from the REST route table) for staff and integrators. */
export default async function ApiDocsPage() {
  await adminPage();
  const doc = openApiDocument();
  const rows: Row[] = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return (
    <AdminPageShell title="API仕様（REST）">
      <p className="text-sm leading-relaxed text-muted-foreground">
        {doc.info.description} 機械可読の定義は{" "}
        <a href="/api/openapi.json" className="underline">
          /api/openapi.json
        </a>
        （OpenAPI {doc.openapi}）です。
      </p>
      <AdminDataTable columns={COLUMNS} rows={rows} rowKey={(r) => `${r.method} ${r.path}`} rowClassName="align-top" />
    </AdminPageShell>
  );
}
