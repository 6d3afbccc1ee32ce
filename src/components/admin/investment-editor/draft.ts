"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useWatch } from "react-hook-form";
import type { Form, Values } from "./types";

const draftKey = (id: number | null) => `kir-admin-investment-draft-${id ?? "new"}`;
/** The draft found when the editor first opened (read once per page load, so our own autosaves do not re-trigger the banner). */
const draftCache = new Map<string, string | null>();
function readDraftOnce(key: string): string | null {
  if (!draftCache.has(key)) {
    let v: string | null = null;
    try {
      v = localStorage.getItem(key);
    } catch {
      // storage unavailable: no autosave
    }
    draftCache.set(key, v);
  }
  return draftCache.get(key) ?? null;
}
const noSubscribe = () => () => undefined;

/**
 * Autosave of the editor's values in this browser and the warning before leaving with
 * unsaved changes. `draft` is what an earlier visit left (until restored or discarded).
 */
export function useEditorDraft(form: Form, id: number | null) {
  const key = draftKey(id);
  const draftRaw = useSyncExternalStore(
    noSubscribe,
    () => readDraftOnce(key),
    () => null,
  );
  const [draftDismissed, setDraftDismissed] = useState(false);
  const draft = useMemo<Values | null>(() => {
    if (!draftRaw || draftDismissed) return null;
    try {
      return JSON.parse(draftRaw) as Values;
    } catch {
      return null;
    }
  }, [draftRaw, draftDismissed]);
  const watched = useWatch({ control: form.control });
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) return;
    const t = setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify(form.getValues()));
      } catch {
        // full or unavailable
      }
    }, 800);
    return () => clearTimeout(t);
  }, [watched, dirty, key, form]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const clearDraft = () => {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
    draftCache.set(key, null);
    setDraftDismissed(true);
  };
  const restoreDraft = () => {
    if (!draft) return;
    form.reset(draft, { keepDefaultValues: true });
    setDraftDismissed(true);
  };
  return { draft, dirty, clearDraft, restoreDraft };
}
