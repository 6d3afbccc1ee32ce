/**
 * One tRPC query over plain fetch, for client parts that must not pull in the tRPC client and
 * React Query (the site chrome, issue 21). For procedures without input whose output is plain JSON
 * (superjson sends such values unchanged under `json`).
 */
export async function fetchQuery<T>(path: string): Promise<T> {
  const res = await fetch(`/api/trpc/${path}`, { credentials: "same-origin", headers: { accept: "application/json" } });
  const body = (await res.json().catch(() => null)) as { result?: { data?: { json?: T } } } | null;
  const data = body?.result?.data;
  if (!res.ok || !data || !("json" in data)) throw new Error(`${path}: HTTP ${res.status}`);
  return data.json as T;
}
