"use client";

import { lazy, Suspense, type ReactNode } from "react";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";
import type { LoginStateData } from "./types";

/** Spec §4: member logout goes to /login, admin logout to the admin login. */
export const LOGOUT = { user: { redirect: "/login" } } as const;

export interface SideMenuProps {
  /** Login state rendered by the server; without it the menu starts as "checking". */
  initialState?: LoginStateData;
  /**
   * Admin base path: pass it ONLY for a logged-in admin (it is secret-ish and
   * would otherwise ship to every visitor). Used for the admin link and the
   * admin login redirect.
   */
  adminBasePath?: string;
}

// The panel calls procedures: it brings its own tRPC provider (the chrome has none, issue 21).
const loadPanel = () => Promise.all([import("./side-menu-panel"), import("@/trpc/react")]);
// React.lazy, not next/dynamic: the panel mounts only after a click, so there is nothing to render
// on the server, and the page carries no next/dynamic code for it.
const SideMenuPanel = lazy(() => loadPanel().then(([m, { withApi }]) => ({ default: withApi(m.SideMenuPanel) })));

/**
 * Side menu (spec §2, §4): the MENU button; the sheet and its code load when it is first opened.
 * The button's look (`triggerClassName`, the Button classes merged on the server) and its content
 * (`children`) come from the server header, so this island carries no class merging or icons.
 */
export function SideMenu({ initialState, adminBasePath, triggerClassName, children }: SideMenuProps & { triggerClassName: string; children: ReactNode }) {
  const menu = useLazyOverlay(loadPanel);
  return (
    <>
      <button data-slot="button" className={triggerClassName} aria-label="メニューを開く" {...menu.trigger}>
        {children}
      </button>
      {menu.mounted && (
        <Suspense fallback={null}>
          <SideMenuPanel initialState={initialState} adminBasePath={adminBasePath} open={menu.open} onOpenChange={menu.setOpen} returnFocus={menu.returnFocus} />
        </Suspense>
      )}
    </>
  );
}
