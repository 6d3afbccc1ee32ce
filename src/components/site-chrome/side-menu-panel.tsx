"use client";

import { ChevronRight, LayoutDashboard, LogIn, LogOut, Phone, ShieldCheck, UserPlus, UserRound } from "@/components/icons";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ChipLink } from "@/components/ui/chip-link";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { FOOTER_LINKS, SITE, type NavLink } from "@/lib/constants/site";
import { TEL_HREF } from "./links";
import { LoadingOverlay } from "./loading-overlay";
import type { VisitorState } from "./types";
import { useVisitor } from "./use-visitor";
import { api } from "@/trpc/react";
import { LOGOUT, type SideMenuProps } from "./side-menu";

/**
 * The side menu's sheet (spec §2, §4), loaded when the menu is first opened (side-menu.tsx renders
 * the trigger): its top block follows the visitor state.
 */
export function SideMenuPanel({
  initialState,
  adminBasePath,
  open,
  onOpenChange,
  returnFocus,
}: SideMenuProps & { open: boolean; onOpenChange: (open: boolean) => void; returnFocus: (e: Event) => void }) {
  const [leaving, setLeaving] = useState(false);
  const { state } = useVisitor(initialState);
  const userLogout = api.public.auth.logout.useMutation();
  const adminLogout = api.public.auth.adminLogout.useMutation();

  async function onLogout() {
    const kind = state === "admin" ? "admin" : "user";
    setLeaving(true);
    // Errors are ignored: the full navigation below shows the real state either way.
    await (kind === "admin" ? adminLogout : userLogout).mutateAsync().catch(() => undefined);
    const target = kind === "admin" ? (adminBasePath ? `${adminBasePath}/login` : "/") : LOGOUT.user.redirect;
    // A full navigation so every server-rendered part forgets the session.
    window.location.assign(target);
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="overflow-y-auto" closeClassName="text-primary-200 hover:bg-white/10 hover:text-white" onCloseAutoFocus={returnFocus}>
        <SheetHeader className="bg-primary text-white">
          <SheetTitle className="text-white">メニュー</SheetTitle>
          <SheetDescription className="text-primary-300">{SITE.title}</SheetDescription>
        </SheetHeader>

        <div className="px-5 py-5" data-visitor-state={state}>
          <AccountBlock state={state} adminBasePath={adminBasePath} onLogout={onLogout} leaving={leaving} />
        </div>

        <Separator />
        <nav aria-label="サイトメニュー" className="flex flex-col gap-5 px-5 py-5">
          <MenuSection title="物件を探す" links={FOOTER_LINKS.main} />
          <MenuSection title="会社情報" links={FOOTER_LINKS.corporate} />
          <MenuSection title="お問い合わせ・その他" links={FOOTER_LINKS.other} />
        </nav>

        <div className="mt-auto border-t border-border bg-muted px-5 py-4 text-sm">
          <a href={TEL_HREF} className="flex items-center gap-2 text-lg font-bold tracking-wider hover:text-gold-600">
            <Phone className="size-4 text-gold-600" aria-hidden="true" />
            <span className="tabular">{SITE.tel}</span>
          </a>
          <p className="text-xs text-primary-500">
            営業時間 {SITE.hours.label}（定休日：{SITE.holidays}）
          </p>
        </div>
        <LoadingOverlay show={leaving} label="ログアウトしています" />
      </SheetContent>
    </Sheet>
  );
}

function AccountBlock({
  state,
  adminBasePath,
  onLogout,
  leaving,
}: {
  state: VisitorState;
  adminBasePath?: string;
  onLogout: () => void;
  leaving: boolean;
}) {
  if (state === "checking") {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="ログイン状態を確認しています">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    );
  }

  if (state === "guest") {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-xs leading-relaxed text-primary-600">無料会員登録で、会員限定物件の閲覧やお気に入り・検索条件の保存ができます。</p>
        <SheetClose asChild>
          <Button asChild variant="gold" size="lg" className="w-full text-primary-950 hover:bg-gold-400">
            <Link href="/signup">
              <UserPlus aria-hidden="true" />
              無料会員登録
            </Link>
          </Button>
        </SheetClose>
        <SheetClose asChild>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link href="/login">
              <LogIn aria-hidden="true" />
              ログイン
            </Link>
          </Button>
        </SheetClose>
      </div>
    );
  }

  const logoutButton = (
    <Button variant="outline" className="w-full" onClick={onLogout} disabled={leaving}>
      <LogOut aria-hidden="true" />
      ログアウト
    </Button>
  );

  if (state === "admin") {
    return (
      <div className="flex flex-col gap-2">
        <p role="note" className="flex items-center gap-1.5 rounded-md bg-error-50 px-3 py-2 text-sm font-bold text-error">
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          管理者としてログイン中です
        </p>
        {adminBasePath && (
          <SheetClose asChild>
            <Button asChild size="lg" className="w-full">
              <Link href={adminBasePath}>
                <LayoutDashboard aria-hidden="true" />
                管理画面
              </Link>
            </Button>
          </SheetClose>
        )}
        {logoutButton}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <SheetClose asChild>
        <Button asChild size="lg" className="w-full">
          <Link href="/mypage">
            <UserRound aria-hidden="true" />
            マイページ
          </Link>
        </Button>
      </SheetClose>
      <div className="grid grid-cols-2 gap-2 text-sm">
        <SheetClose asChild>
          <ChipLink variant="tile" href="/mypage/bookmark">
            お気に入り
          </ChipLink>
        </SheetClose>
        <SheetClose asChild>
          <ChipLink variant="tile" href="/mypage/filter">
            保存した検索条件
          </ChipLink>
        </SheetClose>
      </div>
      {logoutButton}
    </div>
  );
}

function MenuSection({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <p className="mb-1.5 border-l-4 border-gold pl-2 text-xs font-bold tracking-wider text-primary-500">{title}</p>
      <ul className="divide-y divide-border">
        {links.map((l) => (
          <li key={l.path}>
            <SheetClose asChild>
              <ChipLink variant="menu-row" href={l.path}>
                {l.name}
                <ChevronRight className="size-4 text-primary-300" aria-hidden="true" />
              </ChipLink>
            </SheetClose>
          </li>
        ))}
      </ul>
    </div>
  );
}
