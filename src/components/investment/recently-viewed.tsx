"use client";

import { History } from "@/components/icons";
import Link from "next/link";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { typeName } from "@/lib/constants/listing-kinds";
import { formatPrice } from "@/lib/price";
import { yieldLabel } from "@/lib/yield-wording";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation, fetchQuery } from "@/trpc/fetch-query";
import { investmentHref } from "./links";
import { RECENT_KEEP, RECENT_KEY, type ViewedEntry } from "./recent-views";

const RECENT_SHOWN = 5;

function parse(raw: string | null): ViewedEntry[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v.filter(
      (e): e is ViewedEntry =>
        typeof e === "object" &&
        e !== null &&
        Number.isSafeInteger((e as ViewedEntry).id) &&
        typeof (e as ViewedEntry).name === "string" &&
        typeof (e as ViewedEntry).price === "number",
    );
  } catch {
    return [];
  }
}

/** The list with `entry` first (deduplicated, at most RECENT_KEEP). */
export function withViewed(list: ViewedEntry[], entry: ViewedEntry): ViewedEntry[] {
  return [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, RECENT_KEEP);
}

// localStorage as an external store, so the server render and hydration agree (empty) and the list appears after.
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ViewedEntry[] = [];
function read(): ViewedEntry[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(RECENT_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}
function subscribe(cb: () => void) {
  listeners.add(cb);
  window.addEventListener("storage", cb);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", cb);
  };
}
const EMPTY: ViewedEntry[] = [];
function write(list: ViewedEntry[]) {
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: the list simply is not kept
  }
  for (const l of listeners) l();
}

/** What member.views.list returns, as far as this list reads it. */
interface ServerView {
  card: Omit<ViewedEntry, "at">;
}

/**
 * 最近見た物件 on the detail page's side. Visitors: kept in this browser
 * (localStorage). Members: recorded on the server (member.views.record) and
 * listed from there, so My Page shows the same list on any device.
 */
export function RecentlyViewed({ current, member, record: recordView = true }: { current: Omit<ViewedEntry, "at">; member: boolean; record?: boolean }) {
  const local = useSyncExternalStore(subscribe, read, () => EMPTY);
  const [server, setServer] = useState<ServerView[] | undefined>();
  const recorded = useRef<number | null>(null);

  // Members: the list from the server, asked again once this view is recorded. Plain fetch, no
  // React Query: the detail page ships no tRPC client (issue 21).
  useEffect(() => {
    if (!member) return;
    let live = true;
    const load = () =>
      fetchQuery<ServerView[]>("member.views.list", { limit: RECENT_SHOWN, excludeId: current.id }).then(
        (list) => {
          if (live) setServer(list);
        },
        () => undefined,
      );
    void load();
    if (recordView && recorded.current !== current.id) {
      recorded.current = current.id;
      fetchMutation("member.views.record", { investmentId: current.id }).then(
        () => {
          invalidateCached("member.views.list");
          return load();
        },
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [current.id, member, recordView]);

  useEffect(() => {
    if (member || !recordView || recorded.current === current.id) return;
    recorded.current = current.id;
    write(withViewed(read(), { ...current, at: Date.now() }));
  }, [current, member, recordView]);

  const items: Omit<ViewedEntry, "at">[] = member
    ? (server ?? []).map(({ card }) => ({ id: card.id, name: card.name, price: card.price, yield: card.yield, type_cd: card.type_cd }))
    : local.filter((e) => e.id !== current.id).slice(0, RECENT_SHOWN);
  if (items.length === 0) return null;

  return (
    <section aria-labelledby="recently-viewed" className="rounded-lg border border-border bg-white p-4" data-slot="recently-viewed">
      <h2 id="recently-viewed" className="flex items-center gap-1.5 text-sm font-bold">
        <History className="size-4 text-gold-700" aria-hidden="true" />
        最近見た物件
      </h2>
      <ul className="mt-2 grid gap-2">
        {items.map((e) => (
          <li key={e.id} className="border-t border-border pt-2 text-sm">
            <Link href={investmentHref(e.id)} className="font-bold hover:text-gold-700 hover:underline">
              {e.name}
            </Link>
            <p className="tabular text-xs text-primary-600">
              {[typeName(e.type_cd), formatPrice(e.price), e.yield !== null ? `${yieldLabel("gross")}${e.yield.toFixed(2)}%` : null].filter(Boolean).join("／")}
            </p>
          </li>
        ))}
      </ul>
      {member && (
        <p className="mt-2 text-right text-xs">
          <Link href="/mypage" className="text-primary-600 hover:underline">
            マイページで見る
          </Link>
        </p>
      )}
    </section>
  );
}
