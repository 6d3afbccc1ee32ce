import { CONTACT_METHODS, CONTACT_TIMES, SALARIES } from "@/lib/constants/account";
import { INQUIRY_MAIN, SELL_TIMINGS, viewingText } from "@/lib/constants/contact";
import { typeName } from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import type { ContactFormKind } from "@/schemas/contact";

/** The submission as Japanese lines, for the staff notification and the acknowledgement mail. */
type Loose = {
  names?: { last: string; first?: string | undefined };
  kanas?: { last: string; first?: string | undefined };
  email?: string;
  company?: string;
  inquiry?: { main: string[]; other?: string | undefined };
  salary?: string;
  money?: string;
  contact?: { tel: string; fax?: string | undefined; method: string[]; time?: string | undefined };
  comment?: string | undefined;
  content?: string;
  property?: Record<string, string | undefined>;
  /** 内見希望日時 (a 見学 inquiry) */
  // The schema's rows type both parts optional (blank rows are dropped and the rest checked by its refinement).
  viewing?: readonly { date?: string | undefined; band?: string | undefined }[] | null | undefined;
};

const nameOf = (list: readonly { key: string; name: string }[], key: string | undefined) => list.find((o) => o.key === key)?.name ?? key ?? "";

export function contactSummary(kind: ContactFormKind, input: Loose, listing?: { no: string | null; name: string; price: number } | null): string {
  const lines: string[] = [];
  const add = (label: string, value: string | undefined | null) => {
    if (value !== undefined && value !== null && value !== "") lines.push(`■${label}\n${value}`);
  };
  if (listing) add("物件", `${listing.name}${listing.no ? `（物件番号 ${listing.no}）` : ""} ${formatPrice(listing.price)}`);
  add("会社名", input.company);
  add("お名前", [input.names?.last, input.names?.first].filter(Boolean).join(" "));
  add("フリガナ", [input.kanas?.last, input.kanas?.first].filter(Boolean).join(" "));
  add("メールアドレス", input.email);
  add("電話番号", input.contact?.tel);
  add("FAX番号", input.contact?.fax);
  add("ご希望の連絡方法", input.contact?.method.map((m) => nameOf(CONTACT_METHODS, m)).join("、"));
  add("ご連絡可能な時間帯", input.contact?.time ? nameOf(CONTACT_TIMES, input.contact.time) : undefined);
  if (input.inquiry) {
    const main = input.inquiry.main.map((m) => nameOf(INQUIRY_MAIN[kind], m)).join("、");
    add("お問い合わせ項目", input.inquiry.other ? `${main}（${input.inquiry.other}）` : main);
  }
  const viewing = (input.viewing ?? []).filter((c): c is { date: string; band: string } => Boolean(c.date && c.band));
  add("内見希望日時", viewing.length ? viewingText(viewing) : undefined);
  add("年収", input.salary ? nameOf(SALARIES, input.salary) : undefined);
  add("自己資金", input.money ? `${Number(input.money).toLocaleString("ja-JP")}万円` : undefined);
  if (input.property) {
    const p = input.property;
    add("物件所在地", p.address);
    add("物件種別", p.type ? typeName(Number(p.type)) : undefined);
    add("土地面積", p.land_size ? `${p.land_size}㎡` : undefined);
    add("建物面積", p.building_size ? `${p.building_size}㎡` : undefined);
    add("築年", p.built_year ? `${p.built_year}年` : undefined);
    add("現在の月額賃料", p.rent ? `${Number(p.rent).toLocaleString("ja-JP")}円` : undefined);
    add("入居状況", p.occupancy);
    add("売却希望時期", p.timing ? nameOf(SELL_TIMINGS, p.timing) : undefined);
  }
  add("お問い合わせ内容", input.content);
  add("ご要望・ご質問", input.comment);
  return lines.join("\n\n");
}
