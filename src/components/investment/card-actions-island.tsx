"use client";

import Link from "next/link";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { fetchMutation } from "@/trpc/fetch-query";

/** How many listings the comparison takes (the My Page table: 2-4 of the member's bookmarks). */
const COMPARE_MAX = 4;
const KEY = "kir-compare";

function parseChosen(raw: string | null): number[] {
  try {
    const v = JSON.parse(raw ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n) && n > 0).slice(0, COMPARE_MAX) : [];
  } catch {
    return [];
  }
}
function storedRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}
const readChosen = () => parseChosen(storedRaw());
/** The stored choice as an external store: the server (and hydration) sees none, then this browser's. */
const CHANGED = "kir-compare-changed";
function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}
function store(ids: number[]) {
  try {
    if (ids.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // storage unavailable: nothing is kept
  }
  window.dispatchEvent(new Event(CHANGED));
}

function buttons(id: number, action: "bookmark" | "compare") {
  return document.querySelectorAll<HTMLButtonElement>(`button[data-card-action="${action}"][data-investment-id="${id}"]`);
}
const press = (id: number, action: "bookmark" | "compare", on: boolean) => buttons(id, action).forEach((b) => b.setAttribute("aria-pressed", String(on)));
const pressed = (id: number, action: "bookmark" | "compare") => buttons(id, action)[0]?.getAttribute("aria-pressed") === "true";

/**
 * The one island behind every member's heart and compare tick of a list (card-actions.tsx):
 * a delegated click listener, so the cards stay server HTML. The heart adds or removes the
 * bookmark; the tick keeps up to four listings for the comparison (in this browser) and bookmarks
 * them, since My Page compares bookmarks. The bar is fixed to the screen's foot: no layout shift.
 */
export function CardActionsIsland() {
  const raw = useSyncExternalStore(subscribe, storedRaw, () => null);
  const chosen = useMemo(() => parseChosen(raw), [raw]);
  const [message, setMessage] = useState("");

  useEffect(() => {
    for (const id of readChosen()) press(id, "compare", true);
    const save = store;
    const bookmark = async (id: number, on: boolean) => {
      press(id, "bookmark", on);
      try {
        await fetchMutation(on ? "member.bookmarks.add" : "member.bookmarks.remove", { investmentId: id });
        return true;
      } catch {
        press(id, "bookmark", !on);
        setMessage("お気に入りを更新できませんでした。時間をおいてお試しください。");
        return false;
      }
    };
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>("button[data-card-action][data-investment-id]");
      if (!button) return;
      e.preventDefault();
      const id = Number(button.dataset.investmentId);
      setMessage("");
      if (button.dataset.cardAction === "bookmark") {
        const on = !pressed(id, "bookmark");
        void bookmark(id, on).then((ok) => {
          // a listing no longer bookmarked cannot be compared on My Page
          if (ok && !on && readChosen().includes(id)) {
            press(id, "compare", false);
            save(readChosen().filter((x) => x !== id));
          }
        });
        return;
      }
      const now = readChosen();
      if (now.includes(id)) {
        press(id, "compare", false);
        save(now.filter((x) => x !== id));
        return;
      }
      if (now.length >= COMPARE_MAX) {
        setMessage(`比較できるのは${COMPARE_MAX}件までです。`);
        return;
      }
      press(id, "compare", true);
      save([...now, id]);
      if (!pressed(id, "bookmark")) void bookmark(id, true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  if (chosen.length === 0 && !message) return null;
  return (
    <div
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-2 rounded-lg border border-gold-300 bg-white p-3 text-sm shadow-lg"
      role="status"
      data-slot="compare-tray"
    >
      {message ? <span className="w-full text-error">{message}</span> : null}
      {chosen.length > 0 ? (
        <>
          <span>
            比較リスト <strong className="tabular">{chosen.length}</strong>/{COMPARE_MAX}件
          </span>
          <span className="flex gap-2">
            <button
              type="button"
              className="rounded-md px-2 py-1.5 text-primary-600 underline underline-offset-2"
              onClick={() => {
                for (const id of chosen) press(id, "compare", false);
                store([]);
              }}
            >
              解除
            </button>
            {chosen.length >= 2 ? (
              <Link
                href={`/mypage/bookmark?compare=${chosen.join(",")}`}
                className="rounded-md bg-gold-600 px-3 py-1.5 font-bold text-white"
                data-slot="compare-link"
              >
                比較する
              </Link>
            ) : (
              <span className="px-1 py-1.5 text-xs text-primary-500">もう1件選ぶと比較できます</span>
            )}
          </span>
        </>
      ) : null}
    </div>
  );
}
