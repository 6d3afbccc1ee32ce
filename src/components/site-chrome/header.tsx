import { Clock, Mail, Menu, Phone } from "@/components/icons";
import Link from "next/link";
import { Button, buttonVariants } from "@/components/ui/button";
import { ChipLink } from "@/components/ui/chip-link";
import { cn } from "@/lib/cn";
import { SITE } from "@/lib/constants/site";
import { ContactPopover } from "./contact-popover";
import { KeywordSearch } from "./keyword-search";
import { CONTACT_PATH, TEL_HREF } from "./links";
import { Logo } from "./logo";
import { SideMenu } from "./side-menu";
import { SiteCounts } from "./site-counts";
import type { LoginStateData, SiteCountsData } from "./types";

/** Desktop navigation row under the header bar. */
const NAV = [
  { name: "物件一覧", path: "/investments" },
  { name: "エリアから探す", path: "/investments/search/area" },
  { name: "路線・駅から探す", path: "/investments/search/train" },
  { name: "こだわり条件から探す", path: "/investments/search/feature" },
  { name: "地図で探す", path: "/investments/map" },
  { name: "売却査定", path: "/sell" },
  { name: "当社の強み", path: "/advantage" },
  { name: "会社概要", path: "/corporate" },
  { name: "ブログ", path: "/blogs" },
] as const;

/** The menu's and the phone popover's buttons: the Button look merged here, once, on the server. */
const CONTACT_TRIGGER_CLASS = cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-white hover:bg-white/10 hover:text-gold-300 xl:hidden");
const MENU_TRIGGER_CLASS = cn(buttonVariants({ variant: "ghost" }), "h-10 flex-col gap-0 px-2 text-white hover:bg-white/10 hover:text-gold-300 [&_svg]:size-5");

export interface HeaderProps {
  /** api.public.options.get() rendered by the server (the counts fetch themselves when missing). */
  counts?: SiteCountsData;
  /** api.public.session.state() rendered by the server (without it the side menu offers login and sign-up). */
  session?: LoginStateData;
  /** Only for a logged-in admin (see SideMenu). */
  adminBasePath?: string;
  /** The staff's holiday note (site options); the default text without it. */
  holidayNote?: string;
}

/**
 * Site header (spec §1, §2): logo, the three site-wide counts, the keyword box
 * (desktop), phone and hours (inline on wide screens, a popover on narrow ones),
 * the contact button (icon only on small screens) and the side menu.
 * A server component (issue 21): the markup, the menu labels and the class merging stay on the
 * server; the side menu and the phone popover are HTML popovers (no script); the client parts are
 * the keyword box (a GET form that React only refines) and, only without server counts, the counts' fetch.
 */
export function Header({ counts, session, adminBasePath, holidayNote }: HeaderProps) {
  return (
    <header className="relative z-40 bg-primary text-white" data-slot="site-header">
      <div className="h-1 bg-gradient-to-r from-gold-600 via-gold-300 to-gold-600" aria-hidden="true" />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-5 lg:h-[4.5rem]">
        <Logo className="mr-auto lg:mr-0" />

        <SiteCounts initial={counts} className="ml-4 hidden md:flex xl:ml-6" />

        <div className="ml-auto hidden w-56 lg:block xl:w-64">
          <KeywordSearch variant="header" />
        </div>

        <div className="hidden flex-col items-end leading-tight xl:flex">
          <a href={TEL_HREF} className="flex items-center gap-1.5 text-lg font-bold tracking-wider hover:text-gold-300">
            <Phone className="size-4 text-gold-300" aria-hidden="true" />
            <span className="tabular">{SITE.tel}</span>
          </a>
          <span className="flex items-center gap-1 text-[0.68rem] text-primary-300">
            <Clock className="size-3" aria-hidden="true" />
            {SITE.hours.label}（{SITE.holidays}休）
          </span>
        </div>
        <ContactPopover holidayNote={holidayNote} triggerClassName={CONTACT_TRIGGER_CLASS}>
          <Phone className="size-5" aria-hidden="true" />
        </ContactPopover>

        <Button asChild variant="gold" className="h-10 px-2.5 text-primary-950 hover:bg-gold-400 sm:px-4" data-slot="contact-button">
          <Link href={CONTACT_PATH} aria-label="お問い合わせ">
            <Mail className="sm:hidden" aria-hidden="true" />
            <span className="hidden sm:inline">お問い合わせ</span>
          </Link>
        </Button>

        <SideMenu initialState={session} adminBasePath={adminBasePath} triggerClassName={MENU_TRIGGER_CLASS}>
          <Menu aria-hidden="true" />
          <span className="text-[0.6rem] leading-none tracking-wider" aria-hidden="true">
            MENU
          </span>
        </SideMenu>
      </div>

      <div className="border-t border-white/10 bg-primary-950/40 py-1.5 md:hidden">
        <SiteCounts initial={counts} layout="inline" className="px-3 flex-wrap" />
      </div>

      <nav aria-label="メインメニュー" className="hidden border-t border-white/10 bg-primary-950/50 lg:block">
        <ul className="mx-auto flex max-w-7xl items-center justify-between px-5">
          {NAV.map((item) => (
            <li key={item.path}>
              <ChipLink variant="menu-bar" href={item.path}>
                {item.name}
              </ChipLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
