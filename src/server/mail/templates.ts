import { SITE } from "@/lib/constants/site";
import { formatMan } from "@/lib/man-yen";
import { formatPrice } from "@/lib/price";
import { formerPriceText } from "@/lib/former-price";
import { yieldFootnote, yieldLabel } from "@/lib/yield-wording";
import { MEDIAN_MIN_N, SIMILAR_MIN_N } from "@/lib/economics/deal-check";
import { z } from "@/schemas/zod";
import type { MailMessage } from "./transport";

/**
 * Japanese account mails (plain text + simple HTML). Each template declares
 * the data it needs, so a queued mail is validated when enqueued and again
 * when the worker renders it.
 */
const url = z.string().url();
const matchingItem = z.object({
  name: z.string(),
  reason: z.enum(["new", "price_down"]),
  price: z.number(),
  /**
   * The former price, only while 表示規約 allows it, with its dates (src/lib/former-price.ts).
   * A price_down item without it is a 価格変更 notice: no former amount, no arrow, no 値下げ claim.
   */
  former: z.object({ formerPrice: z.number(), formerSince: z.string(), formerUntil: z.string(), cutAt: z.string() }).nullable().default(null),
  yield: z.number().nullable(),
  /** 実質利回り (src/lib/economics.ts, the card's figure); absent in mails queued before issue 35. */
  netYield: z.number().nullable().default(null),
  /** 借地権・定期借地権 */
  leasehold: z.boolean().default(false),
  /** The deal check's compact line (参考), as on the card: "表面+0.82pt／㎡単価−12%". */
  deal: z.string().nullable().default(null),
  /** 積算比 % (src/lib/economics.ts sekisanRatio), null when unknown ("—"); absent (no line) in mails queued before issue 33. */
  sekisanRatio: z.number().nullish(),
  /**
   * The similar-listings medians of the member audience (src/server/listings/economics.ts), each null
   * when fewer than MEDIAN_MIN_N similar listings have it; absent in mails queued before issue 33.
   */
  medians: z.object({ yield: z.number().nullable(), netYield: z.number().nullable() }).nullish(),
  /**
   * The same figures at the former price (the model with the former price as the only change), only with
   * a former price 表示規約 allows (a 価格変更 notice has none: the figures would give the former price away).
   */
  before: z.object({ yield: z.number().nullable(), netYield: z.number().nullable(), sekisanRatio: z.number().nullable() }).nullish(),
  /**
   * 月間CF 円 under the member's own saved loan terms (economics cashFlow) at the former and the current
   * price: only with `before` and when the member has terms; null figures where the NOI is unknown.
   */
  cashFlow: z.object({ before: z.number().nullable(), after: z.number().nullable() }).nullish(),
  access: z.string(),
  filterName: z.string().nullable(),
  url,
});
export type MatchingMailItem = z.infer<typeof matchingItem>;
const matchingMailData = z.object({
  name: z.string(),
  items: z.array(matchingItem).min(1),
  /** Listings beyond the ones listed (a mail lists at most MATCHING_MAIL_MAX_ITEMS). */
  more: z.number().int().min(0).default(0),
  mypageUrl: url,
  settingsUrl: url,
  unsubscribeUrl: url,
});
/** A matching mail lists this many listings; the rest are on My Page. */
export const MATCHING_MAIL_MAX_ITEMS = 30;
export const mailTemplates = {
  signup_link: { data: z.object({ url, hours: z.number() }) },
  signup_exists: { data: z.object({ loginUrl: url, forgotUrl: url }) },
  email_change: { data: z.object({ url, hours: z.number() }) },
  email_changed_notice: { data: z.object({ newEmail: z.string() }) },
  /** To an address a member tried to move to while it belongs to another account (the member is not told). */
  email_change_taken: { data: z.object({ loginUrl: url, forgotUrl: url }) },
  password_reset: { data: z.object({ url, minutes: z.number() }) },
  login_link: { data: z.object({ url, minutes: z.number() }) },
  first_login: { data: z.object({ loginUrl: url, email: z.string(), initialPassword: z.string(), days: z.number() }) },
  // A staff member invited by another from the admin area (same first-login rules as members).
  // A one-time set-password link, never a password (the link is single use and expires in `hours`).
  staff_invite: { data: z.object({ url, email: z.string(), hours: z.number(), name: z.string(), invitedBy: z.string() }) },
  password_changed: { data: z.object({}) },
  account_deleted: { data: z.object({}) },
  contact_staff: { data: z.object({ contactId: z.number(), kindName: z.string(), summary: z.string(), adminUrl: url }) },
  /**
   * To the address the visitor typed, which may be anyone's: says an inquiry arrived and names our
   * listing, never echoes what the visitor wrote (issue 27: the form relayed attacker text, links
   * included, from our sender). Rows queued before carry name and summary; they are ignored.
   */
  contact_ack: { data: z.object({ kindName: z.string(), listing: z.object({ no: z.string().nullable(), name: z.string() }).nullable().optional() }) },
  // Matching (worker): one mail per batch of new matchings, or one digest a day.
  matching_instant: { data: matchingMailData },
  matching_digest: { data: matchingMailData.extend({ date: z.string() }) },
  // Newsletter body as staff wrote it (plain text; URLs become links in the HTML part).
  newsletter: { data: z.object({ subject: z.string().min(1), body: z.string().min(1), unsubscribeUrl: url, test: z.boolean().optional() }) },
  // Maintenance: listings hidden because 次回更新予定日 passed.
  listings_overdue: {
    data: z.object({
      items: z.array(z.object({ id: z.number(), no: z.string().nullable(), name: z.string(), nextUpdateAt: z.string().nullable(), editUrl: url })).min(1),
      /** Hidden listings beyond the ones listed. */
      more: z.number().int().min(0).default(0),
      listUrl: url.optional(),
    }),
  },
  // Maintenance, the day before: listings whose 次回更新予定日 is tomorrow (they are hidden the day after it).
  listings_update_due: {
    data: z.object({
      date: z.string(),
      items: z.array(z.object({ id: z.number(), no: z.string().nullable(), name: z.string(), editUrl: url })).min(1),
      more: z.number().int().min(0).default(0),
      listUrl: url.optional(),
    }),
  },
} as const;
export type MailTemplate = keyof typeof mailTemplates;
export type MailData<T extends MailTemplate> = z.infer<(typeof mailTemplates)[T]["data"]>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const signature = [
  "――――――――――――――――――――――",
  `${SITE.title}（${SITE.corporateName}）`,
  `TEL ${SITE.tel}（${SITE.hours.label}／定休日 ${SITE.holidays}）`,
  "※このメールは送信専用アドレスから送信しています。ご返信いただいてもお答えできません。",
].join("\n");

/**
 * A paragraph of the mail: our own text, whose URLs become links in the HTML part, or `{ plain }`,
 * text someone outside typed (an inquiry), escaped and never turned into links.
 */
type Paragraph = string | { plain: string };

function compose(subject: string, paragraphs: Paragraph[], to: string): MailMessage {
  const textOf = (p: Paragraph) => (typeof p === "string" ? p : p.plain);
  const text = [...paragraphs.map(textOf), "", signature].join("\n\n").replace(/\n{3,}/g, "\n\n");
  const plain = (p: string) => escapeHtml(p).replace(/\n/g, "<br>");
  const linkify = (p: string) =>
    escapeHtml(p)
      .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
      .replace(/\n/g, "<br>");
  const html = `<!doctype html><html lang="ja"><body style="font-family:sans-serif;line-height:1.8;color:#2b2b2b">${paragraphs
    .map((p) => `<p>${typeof p === "string" ? linkify(p) : plain(p.plain)}</p>`)
    .join("")}<hr><p style="font-size:12px;color:#666">${linkify(signature)}</p></body></html>`;
  return { to, subject: `【${SITE.title}】${subject}`, text, html };
}

/** The RFC 8058 one-click address beside an unsubscribe page link (same token). */
export function oneClickUrl(unsubscribeUrl: string): string {
  const u = new URL(unsubscribeUrl);
  u.pathname = u.pathname.replace(/\/$/, "") + "/one-click";
  return u.toString();
}

/** List-Unsubscribe headers: mail clients show their own 配信停止 button (one click, no login). */
function withUnsubscribe(message: MailMessage, unsubscribeUrl: string): MailMessage {
  return {
    ...message,
    headers: { ...message.headers, "List-Unsubscribe": `<${oneClickUrl(unsubscribeUrl)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const yen = (v: number | null) => (v === null ? "" : formatPrice(v));
const percent = (v: number | null) => (v === null ? "—" : `${v.toFixed(2)}%`);
/** 積算比 as the card's deal line prints it: whole percent, truncated. */
const ratio = (v: number | null) => (v === null ? "—" : `${Math.trunc(v)}%`);
const sign = (v: number) => (v > 0 ? "+" : v < 0 ? "−" : "±");
/** A difference of two yields in points, as the card's deal line: "+0.82pt". */
const points = (v: number) => `${sign(Number(v.toFixed(2)))}${Math.abs(v).toFixed(2)}pt`;
/** A monthly amount in 万円 with one decimal and its sign: "+1.2万円", "−0.8万円". */
const manSigned = (yenAmount: number) => formatMan(yenAmount, { sign: "difference" });

const MEDIAN_NOTE = `類似物件の中央値：同じ種別・同じ市区町村・同じ築年帯（${SIMILAR_MIN_N}件未満なら同じエリア）の掲載物件の中央値です（${MEDIAN_MIN_N}件未満は「—」）。物件の価値を保証するものではありません。`;
const SEKISAN_NOTE = "積算比：路線価と再調達単価による積算価格÷価格の参考値です（金融機関の評価とは異なります）。";
const CASH_FLOW_NOTE = "月間CF：マイページにご登録の融資条件による、運営経費と返済を差し引いた税引前の試算です。";

/** "7.60%（類似物件の中央値 7.00%より +0.60pt）"; the median part only in mails that carry medians. */
function againstMedian(v: number | null, median: number | null | undefined): string {
  if (median === undefined) return "";
  if (median === null) return "（類似物件の中央値 —）";
  return v === null ? `（類似物件の中央値 ${percent(median)}）` : `（類似物件の中央値 ${percent(median)}より ${points(v - median)}）`;
}

/**
 * One listing's figures, the same lines in the text and HTML parts: 表面・実質利回り (with the former
 * price's figure and an arrow after a 値下げ) against the similar-listings median, 積算比, and after a
 * 値下げ the member's 月間CF change under their own loan terms. "—" wherever the model has no figure.
 */
function matchingFigures(it: MatchingMailItem): string[] {
  const b = it.before;
  const change = (before: number | null, after: number | null, fmt: (v: number | null) => string) => (b ? `${fmt(before)} → ${fmt(after)}` : fmt(after));
  const lines = [
    `${yieldLabel("gross")}：${change(b?.yield ?? null, it.yield, percent)}${againstMedian(it.yield, it.medians?.yield)}`,
    `${yieldLabel("net")}：${change(b?.netYield ?? null, it.netYield, percent)}${againstMedian(it.netYield, it.medians?.netYield)}${it.leasehold ? "（借地）" : ""}`,
    ...(it.sekisanRatio === undefined ? [] : [`積算比：${change(b?.sekisanRatio ?? null, it.sekisanRatio, ratio)}`]),
  ];
  if (b && it.cashFlow) {
    const { before, after } = it.cashFlow;
    lines.push(
      before === null || after === null
        ? "値下げで月間CF —（ご登録の融資条件）"
        : `値下げで月間CF ${manSigned(after - before)}（${manSigned(before)} → ${manSigned(after)}・ご登録の融資条件）`,
    );
  }
  return lines;
}

/** What the medians, 積算比 and 月間CF lines are, once under the items that print them. */
function matchingNotes(items: MatchingMailItem[]): string[] {
  const notes: string[] = [];
  if (items.some((it) => it.medians)) notes.push(MEDIAN_NOTE);
  if (items.some((it) => typeof it.sekisanRatio === "number")) notes.push(SEKISAN_NOTE);
  if (items.some((it) => it.reason === "price_down" && it.former && it.before && it.cashFlow)) notes.push(CASH_FLOW_NOTE);
  return notes.length ? [notes.join("\n")] : [];
}

function matchingParagraphs(items: MatchingMailItem[]): string[] {
  return items.map((it) => {
    const former = it.reason === "price_down" ? it.former : null;
    const tag = it.reason === "new" ? "新着" : former ? "値下げ" : "価格変更";
    // Figures at the former price only beside a former price that may be shown.
    const item = former ? it : { ...it, before: null, cashFlow: null };
    return [
      `■【${tag}】${it.name}`,
      `価格：${yen(it.price)}`,
      ...(former ? [formerPriceText(former)] : []),
      ...matchingFigures(item),
      ...(it.deal ? [`参考：${it.deal}`] : []),
      `交通：${it.access || "—"}`,
      ...(it.filterName ? [`検索条件：${it.filterName}`] : []),
      it.url,
    ].join("\n");
  });
}

function matchingFooter(d: { more: number; mypageUrl: string; settingsUrl: string; unsubscribeUrl: string }): string[] {
  return [
    ...(d.more > 0 ? [`ほか${d.more}件の物件はマイページでご覧いただけます。`] : []),
    `マイページでマッチング物件を見る：\n${d.mypageUrl}`,
    `通知の頻度（すぐに／1日1回）の変更：\n${d.settingsUrl}`,
    `このお知らせの配信停止（ログイン不要）：\n${d.unsubscribeUrl}`,
  ];
}

export function renderMail<T extends MailTemplate>(template: T, to: string, input: MailData<T>): MailMessage {
  const parsed = mailTemplates[template].data.parse(input) as Record<string, unknown>;
  const v = (key: string): string => String(parsed[key] ?? "");
  switch (template) {
    case "signup_link":
      return compose(
        "会員登録のご案内",
        [
          `${SITE.title}への会員登録のお申し込みありがとうございます。`,
          `下記のURLから${v("hours")}時間以内に本登録の手続きをお願いいたします。`,
          v("url"),
          "お心当たりのない場合は、このメールを破棄してください。",
        ],
        to,
      );
    case "signup_exists":
      return compose(
        "会員登録について",
        [
          "会員登録のお申し込みをいただきましたが、このメールアドレスはすでに会員登録済みです。",
          `ログインはこちら：\n${v("loginUrl")}`,
          `パスワードをお忘れの場合はこちら：\n${v("forgotUrl")}`,
          "お心当たりのない場合は、このメールを破棄してください。",
        ],
        to,
      );
    case "email_change":
      return compose(
        "メールアドレス変更の確認",
        [
          "メールアドレスの変更を受け付けました。",
          `下記のURLを${v("hours")}時間以内に開くと、変更が完了します。`,
          v("url"),
          "お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。",
        ],
        to,
      );
    case "email_change_taken":
      return compose(
        "メールアドレス変更について",
        [
          "会員のメールアドレスをこのアドレスへ変更するお申し込みがありましたが、このメールアドレスはすでに会員登録に使われているため、変更は行われませんでした。",
          `ご自身の会員アカウントへのログインはこちら：\n${v("loginUrl")}`,
          `パスワードをお忘れの場合はこちら：\n${v("forgotUrl")}`,
          "お心当たりのない場合は、このメールを破棄してください。",
        ],
        to,
      );
    case "email_changed_notice":
      return compose(
        "メールアドレスが変更されました",
        [`ご登録のメールアドレスが ${v("newEmail")} に変更されました。`, "お心当たりのない場合は、至急お電話でご連絡ください。"],
        to,
      );
    case "password_reset":
      return compose(
        "パスワード再設定のご案内",
        [
          "パスワード再設定のお申し込みを受け付けました。",
          `下記のURLから${v("minutes")}分以内に新しいパスワードを設定してください。`,
          v("url"),
          "お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
        ],
        to,
      );
    case "login_link":
      return compose(
        "ログイン用URLのご案内",
        [
          "ご登録のアカウントに、短時間に多数のログイン試行がありました。安全のため、通常のログインに代えてこのメールでご本人の確認をしています。",
          `正しいパスワードでのログインを受け付けましたので、下記のURLを${v("minutes")}分以内に開き、ボタンを押してログインしてください（1回限り有効）。`,
          v("url"),
          "お心当たりのない場合は、第三者がパスワードを知っている可能性があります。ログイン後、すぐにパスワードを変更してください。",
        ],
        to,
      );
    case "first_login":
      return compose(
        "会員登録のお知らせ",
        [
          `${SITE.title}の会員として登録いたしました。`,
          `ログインID：${v("email")}\n仮パスワード：${v("initialPassword")}`,
          `仮パスワードの有効期限は${v("days")}日です。初回ログイン時に新しいパスワードを設定してください。`,
          v("loginUrl"),
        ],
        to,
      );
    case "staff_invite":
      return compose(
        "システム管理 スタッフアカウントのご案内",
        [
          `${v("name")} 様`,
          `${v("invitedBy")}さんが${SITE.title}のシステム管理にあなたのスタッフアカウントを登録しました。`,
          `ログインID：${v("email")}`,
          `次のURLを開き、ご自身でパスワードを設定してください。URLの有効期限は${v("hours")}時間で、一度だけ使えます。`,
          v("url"),
          "期限が切れた場合は、招待したスタッフに再度の招待を依頼してください。",
          "お心当たりのない場合は、このメールを破棄してください。",
        ],
        to,
      );
    case "password_changed":
      return compose(
        "パスワードが変更されました",
        ["ご登録のパスワードが変更されました。", "お心当たりのない場合は、パスワードの再設定を行い、お電話でご連絡ください。"],
        to,
      );
    case "account_deleted":
      return compose(
        "退会手続きが完了しました",
        [`${SITE.title}をご利用いただきありがとうございました。退会手続きが完了しました。`, "保存した検索条件・お気に入りは削除されました。"],
        to,
      );
    case "contact_staff":
      return compose(
        `【${v("kindName")}】新しいお問い合わせ #${v("contactId")}`,
        [
          `${v("kindName")}が届きました。管理画面で対応状況を更新してください。`,
          // The visitor's own words: shown as typed, no link made from them.
          { plain: v("summary") },
          v("adminUrl"),
        ],
        to,
      );
    case "contact_ack": {
      const listing = (parsed as MailData<"contact_ack">).listing;
      return compose(
        "お問い合わせを受け付けました",
        [
          `このたびは${SITE.title}へ${v("kindName")}をいただき、ありがとうございます。担当者より${SITE.hours.label}（${SITE.holidays}を除く）にご連絡いたします。`,
          ...(listing ? [`対象物件：${listing.name}${listing.no ? `（物件番号 ${listing.no}）` : ""}`] : []),
          "ご入力いただいた内容は、このメールには記載しておりません。",
          `お急ぎの場合は、お電話でお問い合わせください。\n${SITE.corporateName}\n〒${SITE.postalCode} ${SITE.address}\nTEL ${SITE.tel}（${SITE.hours.label}／定休日 ${SITE.holidays}）`,
          "お心当たりのない場合は、どなたかがお客様のメールアドレスを入力した可能性があります。このメールを破棄してください。",
        ],
        to,
      );
    }
    case "matching_instant":
    case "matching_digest": {
      const d = parsed as z.infer<typeof matchingMailData> & { date?: string };
      const count = d.items.length + d.more;
      const digest = template === "matching_digest";
      return withUnsubscribe(
        compose(
          digest ? `本日のマッチング物件（${d.date}・${count}件）` : `検索条件に合う物件が見つかりました（${count}件）`,
          [
            `${d.name} 様`,
            digest
              ? "保存された検索条件に合う新着・価格変更物件をまとめてお知らせします。"
              : "保存された検索条件に合う新着・価格変更物件が見つかりましたのでお知らせします。",
            ...matchingParagraphs(d.items),
            // the one footnote for the ※ of every item's 表面・実質利回り (src/lib/yield-wording.ts)
            yieldFootnote(["gross", "net"], { vacant: "list" }),
            ...matchingNotes(d.items),
            ...matchingFooter(d),
          ],
          to,
        ),
        d.unsubscribeUrl,
      );
    }
    case "newsletter":
      return withUnsubscribe(
        compose(
          `${parsed.test ? "【テスト送信】" : ""}${v("subject")}`,
          [
            v("body"),
            // Staff write the body: where it speaks of a 利回り, the required wording follows it.
            ...(/利回り/.test(v("body")) ? [yieldFootnote(["gross"], { vacant: "list" })] : []),
            `メールマガジンの配信停止（ログイン不要）：\n${v("unsubscribeUrl")}`,
          ],
          to,
        ),
        v("unsubscribeUrl"),
      );
    case "listings_overdue": {
      const d = parsed as MailData<"listings_overdue">;
      const more = d.more ?? 0;
      return compose(
        `次回更新予定日を過ぎた物件を非公開にしました（${d.items.length + more}件）`,
        [
          "次の物件は次回更新予定日を過ぎたため、公開サイトに表示されなくなりました。内容を確認して更新すると再び表示されます。",
          ...d.items.map((it) => [`■ ${it.no ? `${it.no} ` : ""}${it.name}`, `次回更新予定日：${it.nextUpdateAt ?? "未設定"}`, it.editUrl].join("\n")),
          ...(more > 0 ? [`ほか${more}件${d.listUrl ? `は物件管理の一覧でご確認ください：\n${d.listUrl}` : ""}`] : []),
        ],
        to,
      );
    }
    case "listings_update_due": {
      const d = parsed as MailData<"listings_update_due">;
      const more = d.more ?? 0;
      return compose(
        `明日が次回更新予定日の物件があります（${d.items.length + more}件）`,
        [
          `次の物件は明日（${d.date}）が次回更新予定日です。内容を確認して編集画面で保存（情報更新）してください。更新されないまま予定日を過ぎると、翌日から公開サイトに表示されなくなります。`,
          ...d.items.map((it) => [`■ ${it.no ? `${it.no} ` : ""}${it.name}`, it.editUrl].join("\n")),
          ...(more > 0 ? [`ほか${more}件${d.listUrl ? `は物件管理の一覧でご確認ください：\n${d.listUrl}` : ""}`] : []),
        ],
        to,
      );
    }
  }
  throw new Error(`unknown template ${String(template)}`);
}
