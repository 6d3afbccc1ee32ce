"use client";

import Link from "next/link";
import { useSyncExternalStore } from "react";
import { hasAction, readIntent, withIntent, type Intent } from "@/lib/intent";
import type { IntentResult } from "@/schemas/intent";
import { fetchMutation } from "@/trpc/fetch-query";
import { showIntentNotice } from "./intent-notice";

/** The list page's compare choice in this browser (components/investment/card-actions-island.tsx keeps it under this key). */
const COMPARE_KEY = "kir-compare";
const COMPARE_MAX = 4;

/** The intent in this page's address (lib/intent.ts: checked there). */
export function currentIntent(): Intent {
  return readIntent(new URLSearchParams(window.location.search));
}

/**
 * Right after a login or registration: carries out the intent on the server (member.intent.carryOut)
 * and says where to go. A compared listing also joins this browser's comparison, so the list's
 * compare bar shows it. What was done is said on the page the member lands on (intent-notice.ts).
 * If the call fails the member still goes back to where they were.
 */
export async function carryOutIntent(intent: Intent, fallback: string): Promise<string> {
  if (!hasAction(intent)) return intent.next ?? fallback;
  try {
    const r = await fetchMutation<IntentResult>("member.intent.carryOut", intent);
    if (r.compare !== null) addToCompare(r.compare);
    if (r.notice) showIntentNotice(r.notice);
    return r.next;
  } catch {
    return intent.next ?? fallback;
  }
}

function addToCompare(id: number) {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(COMPARE_KEY) ?? "[]");
    const ids = Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
    if (!ids.includes(id)) localStorage.setItem(COMPARE_KEY, JSON.stringify([...ids, id].slice(-COMPARE_MAX)));
  } catch {
    // storage unavailable: the listing is bookmarked all the same
  }
}

// The address does not change while these pages are open (a login or sign-up navigates away).
const noSubscription = () => () => undefined;
const locationSearch = () => window.location.search;
const serverSearch = () => "";

/**
 * A link between the login and the sign-up that keeps the visitor's intent. The pages stay static:
 * the intent is read from the address once the page runs (the first render has the plain link).
 */
export function IntentLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  const search = useSyncExternalStore(noSubscription, locationSearch, serverSearch);
  const target = withIntent(href, readIntent(new URLSearchParams(search)));
  return (
    <Link href={target} className={className} data-slot="intent-link">
      {children}
    </Link>
  );
}
