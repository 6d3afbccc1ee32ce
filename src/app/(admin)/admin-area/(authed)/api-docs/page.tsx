import type { Metadata } from "next";
import { requireAdmin } from "@/server/auth/page-guards";
import { openApiDocument } from "@/server/rest/openapi";

export const metadata: Metadata = { title: "API仕様" };

type Operation = { summary?: string; tags?: string[]; security?: unknown[]; responses?: Record<string, { description?: string }> };

/** A readable view of /api/openapi.json (generated from the REST route table) for staff and integrators. */
export default async function ApiDocsPage() {
  await requireAdmin();
  const doc = openApiDocument();
  const rows = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold">API仕様（REST）</h1>
      <p className="text-sm leading-relaxed text-muted-foreground">
        {doc.info.description} 機械可読の定義は <a href="/api/openapi.json" className="underline">/api/openapi.json</a>（OpenAPI {doc.openapi}）です。
      </p>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
        <table className="w-full text-sm">
          <thead className="bg-primary-50 text-left">
            <tr>
              <th className="px-3 py-2">メソッド</th>
              <th className="px-3 py-2">パス</th>
              <th className="px-3 py-2">内容</th>
              <th className="px-3 py-2">認証</th>
              <th className="px-3 py-2">応答</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ path, method, op }) => (
              <tr key={`${method} ${path}`} className="border-t border-border align-top">
                <td className="px-3 py-2 font-mono font-bold">{method}</td>
                <td className="px-3 py-2 font-mono">{path}</td>
                <td className="px-3 py-2">{op.summary}</td>
                <td className="px-3 py-2 whitespace-nowrap">{op.security ? (op.tags?.includes("admin") ? "管理者" : "会員") : "—"}</td>
                <td className="px-3 py-2 font-mono text-xs">{Object.keys(op.responses ?? {}).join(" ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
