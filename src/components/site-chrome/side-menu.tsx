"use client";

import { Menu } from "@/components/icons";
import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { useLazyOverlay } from "@/components/ui/lazy-overlay";
import { cn } from "@/lib/cn";
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
  className?: string;
}

// The panel calls procedures: it brings its own tRPC provider (the chrome has none, issue 21).
const loadPanel = () => Promise.all([import("./side-menu-panel"), import("@/trpc/react")]);
const SideMenuPanel = dynamic(() => loadPanel().then(([m, { withApi }]) => withApi(m.SideMenuPanel)), { ssr: false });

/** Side menu (spec §2, §4): the MENU button; the sheet and its code load when it is first opened. */
export function SideMenu({ initialState, adminBasePath, className }: SideMenuProps) {
  const menu = useLazyOverlay(loadPanel);
  return (
    <>
      <Button
        variant="ghost"
        className={cn("h-10 flex-col gap-0 px-2 text-white hover:bg-white/10 hover:text-gold-300 [&_svg]:size-5", className)}
        aria-label="メニューを開く"
        {...menu.trigger}
      >
        <Menu aria-hidden="true" />
        <span className="text-[0.6rem] leading-none tracking-wider" aria-hidden="true">
          MENU
        </span>
      </Button>
      {menu.mounted && (
        <SideMenuPanel initialState={initialState} adminBasePath={adminBasePath} open={menu.open} onOpenChange={menu.setOpen} returnFocus={menu.returnFocus} />
      )}
    </>
  );
}
