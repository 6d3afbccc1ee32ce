import Link from "next/link";
import { inquiryKindName, inquiryStatusName } from "@/lib/constants/contact";
import { contactMethodNames, contactTimeName, jobLabel, matchingNotificationName, memberStatusName, memberTypeName, salaryName } from "@/lib/constants/account";
import { areaName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const d = (v: Date | null | undefined) => (v ? dateFmt.format(v) : "—");

export interface AccountDetailData {
  profile: {
    id: number;
    email: string;
    status: string;
    type: string;
    last_name: string;
    first_name: string;
    kana_last: string;
    kana_first: string;
    company: string | null;
    zip: string | null;
    pref: string | null;
    city: string | null;
    address: string | null;
    tel: string | null;
    fax: string | null;
    job: string | null;
    job_other: string | null;
    salary: string | null;
    money: number | null;
    contact_method: string[] | null;
    contact_time: string | null;
    /** Area ids (re) the member chose; newsletter segments use them. */
    interest_areas: number[] | null;
    must_reset_password: boolean;
    email_verified_at: Date | null;
    last_login_at: Date | null;
    created_at: Date;
    deleted_at: Date | null;
  };
  bookmarks: { investment_id: number; name: string; no: string | null; price: number; price_at_bookmark: number; created_at: Date }[];
  filters: { id: number; name: string; created_at: Date }[];
  matchings: { id: number; investment_id: number; name: string; reason: string; price: number; read_at: Date | null; created_at: Date }[];
  contacts: { id: number; kind: string; status: string; snapshot: { name: string } | null; created_at: Date }[];
  sessions: { created_at: Date; expires_at: Date; ip: string | null; user_agent: string | null }[];
  notification: { matching: string; newsletter: boolean } | null;
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2 rounded-lg bg-white p-5 text-sm shadow-sm">
      <h2 className="font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** One member as staff see them (live or deleted). */
export function AccountDetailView({ data, base, actions }: { data: AccountDetailData; base: string; actions?: React.ReactNode }) {
  const p = data.profile;
  const rows: [string, string][] = [
    ["会員ID", String(p.id)],
    ["氏名", `${p.last_name} ${p.first_name}`],
    ["フリガナ", `${p.kana_last} ${p.kana_first}`],
    ["メールアドレス", p.email],
    ["ステータス", memberStatusName(p.status) ?? p.status],
    ["会員種別", memberTypeName(p.type) ?? p.type],
    ["会社名", p.company ?? "—"],
    ["住所", [p.zip, p.pref, p.city, p.address].filter(Boolean).join(" ") || "—"],
    ["電話番号", p.tel ?? "—"],
    ["FAX", p.fax ?? "—"],
    // What the member gave at sign-up (spec §5): staff judge a buyer by these before calling.
    ["職業", jobLabel(p.job, p.job_other) ?? "—"],
    ["年収", salaryName(p.salary) ?? "—"],
    ["自己資金", p.money !== null ? `${p.money.toLocaleString("ja-JP")}万円` : "—"],
    ["ご希望の連絡方法", contactMethodNames(p.contact_method) ?? "—"],
    ["ご連絡可能な時間帯", contactTimeName(p.contact_time) ?? "—"],
    ["関心エリア", p.interest_areas?.length ? p.interest_areas.map((id) => areaName(id) ?? String(id)).join("・") : "—"],
    ["初回パスワード変更", p.must_reset_password ? "未（仮パスワード）" : "済"],
    ["メール確認", d(p.email_verified_at)],
    ["登録日", d(p.created_at)],
    ["最終ログイン", d(p.last_login_at)],
    [
      "通知設定",
      data.notification
        ? `マッチング：${matchingNotificationName(data.notification.matching) ?? "—"}／メルマガ：${data.notification.newsletter ? "受け取る" : "受け取らない"}`
        : "—",
    ],
  ];
  if (p.deleted_at) rows.push(["削除日", d(p.deleted_at)]);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
      <div className="grid min-w-0 content-start gap-6">
        <Block title="プロフィール">
          <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[10rem_1fr]">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted-foreground">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </Block>
        <Block title={`お気に入り（${data.bookmarks.length}）`}>
          {data.bookmarks.length ? (
            <ul className="grid gap-1">
              {data.bookmarks.map((b) => (
                <li key={b.investment_id}>
                  <Link href={`${base}/investments/${b.investment_id}`} className="underline">
                    {b.name}
                  </Link>{" "}
                  {formatPrice(b.price)}（登録時 {formatPrice(b.price_at_bookmark)}）
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">ありません</p>
          )}
        </Block>
        <Block title={`保存した検索条件（${data.filters.length}）`}>
          {data.filters.length ? (
            <ul className="grid gap-1">
              {data.filters.map((f) => (
                <li key={f.id}>
                  {f.name}（{d(f.created_at)}）
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">ありません</p>
          )}
        </Block>
        <Block title={`マッチング（${data.matchings.length}）`}>
          {data.matchings.length ? (
            <ul className="grid gap-1">
              {data.matchings.map((m) => (
                <li key={m.id}>
                  {d(m.created_at)} {m.reason === "price_down" ? "値下げ" : "新着"}：{m.name} {formatPrice(m.price)} {m.read_at ? "" : "（未読）"}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">ありません</p>
          )}
        </Block>
        <Block title={`お問い合わせ（${data.contacts.length}）`}>
          {data.contacts.length ? (
            <ul className="grid gap-1">
              {data.contacts.map((c) => (
                <li key={c.id}>
                  <Link href={`${base}/contacts/${c.id}`} className="underline">
                    #{c.id}
                  </Link>{" "}
                  {d(c.created_at)} {inquiryKindName(c.kind)} {c.snapshot?.name ?? ""}（{inquiryStatusName(c.status)}）
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">ありません</p>
          )}
        </Block>
      </div>
      <aside className="grid min-w-0 content-start gap-4">
        {actions}
        <Block title={`ログイン中のセッション（${data.sessions.length}）`}>
          {data.sessions.length ? (
            <ul className="grid gap-2">
              {data.sessions.map((s, i) => (
                <li key={i} className="text-xs">
                  {d(s.created_at)}〜 {s.ip ?? "IP不明"}
                  {/* w-0 min-w-full: the user agent is cut to the column, never sizes it (it widened the page to 681 px on a phone) */}
                  <span className="block w-0 min-w-full truncate text-muted-foreground">{s.user_agent ?? ""}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">ありません</p>
          )}
        </Block>
      </aside>
    </div>
  );
}
