import { ChevronRight, LayoutDashboard, LogIn, LogOut, Phone, ShieldCheck, UserPlus, UserRound, X } from "@/components/icons";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { chipLinkVariants } from "@/components/ui/chip-link-variants";
import { cn } from "@/lib/cn";
import { FOOTER_LINKS, SITE, type NavLink } from "@/lib/constants/site";
import { TEL_HREF } from "./links";
import { visitorStateOf, type LoginStateData, type VisitorState } from "./types";

export const SIDE_MENU_ID = "site-menu";

export interface SideMenuProps {
  /** Login state rendered by the server; without it (the lookup failed) the menu offers login and sign-up. */
  initialState?: LoginStateData;
  /**
   * Admin base path: pass it ONLY for a logged-in admin (it is secret-ish and
   * would otherwise ship to every visitor). Used for the admin link.
   */
  adminBasePath?: string;
}

/**
 * Side menu (spec §2, §4): the MENU button and its sheet, both plain HTML (issue 21). The sheet is an
 * HTML popover (`popovertarget`): the browser opens it, closes it on Escape or a click outside and puts
 * it next in the tab order, with no script, so the menu works the same on pages served without React.
 * Its top block is the visitor state the server rendered; login, registration and logout reload or
 * refresh the page, so it is never stale. Logout is a form POST to /logout.
 * A link followed inside it closes it (the chrome's inline script, chrome-script.tsx), for the pages
 * that navigate on the client.
 */
export function SideMenu({ initialState, adminBasePath, triggerClassName, children }: SideMenuProps & { triggerClassName: string; children: ReactNode }) {
  const state = visitorStateOf(initialState);
  return (
    <>
      <button type="button" data-slot="button" className={triggerClassName} aria-label="メニューを開く" popoverTarget={SIDE_MENU_ID}>
        {children}
      </button>
      <div
        id={SIDE_MENU_ID}
        popover="auto"
        role="dialog"
        aria-labelledby={`${SIDE_MENU_ID}-title`}
        data-slot="sheet-content"
        className="fixed inset-y-0 right-0 left-auto m-0 hidden h-dvh max-h-none w-[min(22rem,88vw)] flex-col overflow-y-auto border-0 border-l border-border bg-white p-0 text-primary shadow-2xl backdrop:bg-primary-950/60 open:flex open:animate-slide-in-right"
      >
        <div className="flex flex-col gap-1 border-b border-border bg-primary px-5 py-4 pr-14 text-white">
          <h2 id={`${SIDE_MENU_ID}-title`} className="text-base font-bold text-white">
            メニュー
          </h2>
          <p className="text-xs text-primary-300">{SITE.title}</p>
        </div>

        <div className="px-5 py-5" data-visitor-state={state}>
          <AccountBlock state={state} adminBasePath={adminBasePath} />
        </div>

        <hr className="border-border" />
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
        <button
          type="button"
          popoverTarget={SIDE_MENU_ID}
          popoverTargetAction="hide"
          aria-label="閉じる"
          className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-primary-200 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-gold-500"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </>
  );
}

const WIDE = "w-full";

function AccountBlock({ state, adminBasePath }: { state: VisitorState; adminBasePath?: string }) {
  if (state === "guest" || state === "checking") {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-xs leading-relaxed text-primary-600">無料会員登録で、会員限定物件の閲覧やお気に入り・検索条件の保存ができます。</p>
        <Link href="/signup" className={cn(buttonVariants({ variant: "gold", size: "lg" }), WIDE, "text-primary-950 hover:bg-gold-400")}>
          <UserPlus aria-hidden="true" />
          無料会員登録
        </Link>
        <Link href="/login" className={cn(buttonVariants({ variant: "outline", size: "lg" }), WIDE)}>
          <LogIn aria-hidden="true" />
          ログイン
        </Link>
      </div>
    );
  }

  // A plain form: works before (and without) React; /logout answers with a redirect (logout-form.ts).
  const logout = (
    <form method="post" action="/logout" className="contents">
      <button type="submit" className={cn(buttonVariants({ variant: "outline" }), WIDE)}>
        <LogOut aria-hidden="true" />
        ログアウト
      </button>
    </form>
  );

  if (state === "admin") {
    return (
      <div className="flex flex-col gap-2">
        <p role="note" className="flex items-center gap-1.5 rounded-md bg-error-50 px-3 py-2 text-sm font-bold text-error">
          <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
          管理者としてログイン中です
        </p>
        {adminBasePath && (
          <Link href={adminBasePath} className={cn(buttonVariants({ size: "lg" }), WIDE)}>
            <LayoutDashboard aria-hidden="true" />
            管理画面
          </Link>
        )}
        {logout}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <Link href="/mypage" className={cn(buttonVariants({ size: "lg" }), WIDE)}>
        <UserRound aria-hidden="true" />
        マイページ
      </Link>
      <div className="grid grid-cols-2 gap-2 text-sm">
        <Link href="/mypage/bookmark" className={chipLinkVariants({ variant: "tile" })}>
          お気に入り
        </Link>
        <Link href="/mypage/filter" className={chipLinkVariants({ variant: "tile" })}>
          保存した検索条件
        </Link>
      </div>
      {logout}
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
            <Link href={l.path} className={chipLinkVariants({ variant: "menu-row" })}>
              {l.name}
              <ChevronRight className="size-4 text-primary-300" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
