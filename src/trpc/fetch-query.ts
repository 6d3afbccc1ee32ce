/**
 * One tRPC query over plain fetch, for client parts that must not pull in the tRPC client and
 * React Query (the site chrome, the search pages' live count: issue 21). For procedures whose input
 * and output are plain JSON (superjson sends such values unchanged under `json`).
 */
export async function fetchQuery<T>(path: string, input?: unknown, signal?: AbortSignal): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await fetch(`/api/trpc/${path}${qs}`, { credentials: "same-origin", headers: { accept: "application/json" }, signal });
  const body = (await res.json().catch(() => null)) as { result?: { data?: { json?: T } } } | null;
  const data = body?.result?.data;
  if (!res.ok || !data || !("json" in data)) throw new Error(`${path}: HTTP ${res.status}`);
  return data.json as T;
}
