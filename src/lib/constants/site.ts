/**
 * Site settings (spec §1, §3 "Site settings", §9). The company is FICTIONAL:
 * every number, address and licence below is a placeholder.
 * `url` is only a default; the app uses APP_URL at runtime.
 *
 * No imports on purpose: client components use SITE, and the code tables (with the area master
 * data) must not ride along into every page's JavaScript (issue 21). The home page's tiles built
 * from the code tables are in ./home-links.
 */

export interface NavLink {
  readonly name: string;
  readonly path: string;
}

export const SITE = {
  title: "関西収益物件ナビ",
  description:
    "大阪・兵庫・京都の収益物件（一棟マンション・一棟アパート・ビル・戸建・土地・区分マンション）を探すなら関西収益物件ナビ。無料会員登録で会員限定物件もご覧いただけます。",
  url: "https://example.invalid",
  /** 株式会社… in full, used in titles and the footer */
  corporateName: "株式会社ナニワ収益不動産",
  corporateNameEn: "Naniwa Income Realty Co., Ltd.",
  tagline: "関西の収益物件を、確かな目で。",
  hours: { open: "9:00", close: "18:00", label: "9:00〜18:00" },
  holidays: "土日祝",
  holidayNote: "土日祝日にいただいたお問い合わせは、翌営業日以降に順次ご返信いたします。",
  tel: "06-0000-1234",
  fax: "06-0000-1235",
  postalCode: "530-0000",
  address: "大阪府大阪市北区架空町0丁目0番0号 ナニワ架空ビル8階",
  licence: "宅地建物取引業免許 大阪府知事(1)第00000号",
  email: "info@example.invalid",
  ogImage: "/ogp.png",
  social: [
    { key: "x", name: "X", url: "https://x.com/example" },
    { key: "instagram", name: "Instagram", url: "https://www.instagram.com/example/" },
    { key: "youtube", name: "YouTube", url: "https://www.youtube.com/@example" },
  ],
} as const;

/** Spec §9: meta description limit in characters. */
export const META_DESCRIPTION_LIMIT = 150;

/** Every mail's subject starts with this (server/mail/templates.ts compose). */
export const MAIL_SUBJECT_PREFIX = `【${SITE.title}】`;

/**
 * A subject as staff type it, without the automatic prefix: typing
 * 【関西収益物件ナビ】 (with or without spaces after it, even twice) must not
 * double it in the sent mail.
 */
export function withoutSubjectPrefix(subject: string): string {
  let s = subject.trim();
  while (s.startsWith(MAIL_SUBJECT_PREFIX)) s = s.slice(MAIL_SUBJECT_PREFIX.length).trim();
  return s;
}
/** Spec §9: loading overlay defaults. */
export const OVERLAY = { opacity: 0.8, fadeSeconds: 0.25 } as const;

/* --------------------------------------------------------- footer links */

export const FOOTER_LINKS = {
  corporate: [
    { name: "会社概要", path: "/corporate" },
    { name: "当社の強み", path: "/advantage" },
    { name: "売買実績", path: "/results" },
    { name: "スタッフ紹介", path: "/staff" },
    { name: "当サイトについて", path: "/about" },
  ],
  main: [
    { name: "物件一覧", path: "/investments" },
    { name: "エリアから探す", path: "/investments/search/area" },
    { name: "路線・駅から探す", path: "/investments/search/train" },
    { name: "こだわり条件から探す", path: "/investments/search/feature" },
    { name: "地図で探す", path: "/investments/map" },
    { name: "ブログ", path: "/blogs" },
    { name: "売却査定のご依頼", path: "/sell" },
    { name: "不動産業者様へ", path: "/exchange" },
  ],
  other: [
    { name: "投資相談", path: "/contacts/consult" },
    { name: "その他のお問い合わせ", path: "/contacts/other" },
    { name: "よくあるご質問", path: "/faq" },
    { name: "反社会的勢力の排除", path: "/antisocial" },
    { name: "サイトマップ", path: "/sitemap" },
  ],
} as const satisfies Record<string, readonly NavLink[]>;

/** Shown beside the lists in the footer (spec §2). */
export const LEGAL_LINKS = [
  { name: "利用規約", path: "/terms" },
  { name: "プライバシーポリシー", path: "/privacy" },
] as const satisfies readonly NavLink[];
