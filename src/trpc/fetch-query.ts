/**
 * tRPC calls over plain fetch, for client parts that must not pull in the tRPC client and React
 * Query (the site chrome, the search pages' live count, the listing detail's bookmark, simulator
 * and recently viewed: issue 21). For procedures whose input and output are plain JSON (superjson
 * sends such values unchanged under `json`).
 */

/** A procedure's error as tRPC's client reports it: the message and the formatted data (fieldErrors). */
export class ProcedureError extends Error {
  constructor(
    message: string,
    readonly data: { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[]> | null } | null,
  ) {
    super(message);
    this.name = "ProcedureError";
  }
}

type Body<T> = { result?: { data?: { json?: T } }; error?: { json?: { message?: string; data?: ProcedureError["data"] } } } | null;

async function reply<T>(path: string, res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as Body<T>;
  const data = body?.result?.data;
  if (res.ok && data && "json" in data) return data.json as T;
  const err = body?.error?.json;
  throw new ProcedureError(err?.message ?? `${path}: HTTP ${res.status}`, err?.data ?? null);
}

export async function fetchQuery<T>(path: string, input?: unknown, signal?: AbortSignal): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const res = await fetch(`/api/trpc/${path}${qs}`, { credentials: "same-origin", headers: { accept: "application/json" }, signal });
  return reply<T>(path, res);
}

/** One tRPC mutation (POST, the input as superjson's plain `json`). */
export async function fetchMutation<T>(path: string, input?: unknown): Promise<T> {
  const res = await fetch(`/api/trpc/${path}`, {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify(input === undefined ? {} : { json: input }),
  });
  return reply<T>(path, res);
}
