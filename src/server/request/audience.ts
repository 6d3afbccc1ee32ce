import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who a response was rendered for, as the app itself decides it (in the tRPC
 * context, where the session cookies are read). The production server opens
 * a record per request around Next's handler; the page cache stores a page
 * only when the app declared it rendered that page for a visitor and never for
 * anyone else. Nothing is inferred from a second look at the request
 * (issue 16: a cookie the cache misread once let a member's page be stored).
 *
 * The record lives in an AsyncLocalStorage on globalThis because the app runs
 * inside Next's bundle, which has its own copy of this module; the record is
 * in-process state and is never sent to the client.
 */
export interface AudienceRecord {
  /** "visitor" when every render of the response saw no session cookie; "personal" once any did. */
  rendered: "visitor" | "personal" | undefined;
}

const KEY = Symbol.for("kir.audience");
type Holder = { [KEY]?: AsyncLocalStorage<AudienceRecord> };

function storage(): AsyncLocalStorage<AudienceRecord> {
  const g = globalThis as Holder;
  return (g[KEY] ??= new AsyncLocalStorage<AudienceRecord>());
}

/** Runs `fn` (the request handler) with a fresh record, which it is given to read when the response ends. */
export function withAudienceRecord<T>(fn: (record: AudienceRecord) => T): T {
  const record: AudienceRecord = { rendered: undefined };
  return storage().run(record, () => fn(record));
}

/** Called where the audience is decided: `personal` when the request carries a session cookie. */
export function declareAudience(personal: boolean): void {
  const record = storage().getStore();
  if (!record) return; // no production server around (next dev, tests, scripts)
  if (personal) record.rendered = "personal";
  else record.rendered ??= "visitor";
}
