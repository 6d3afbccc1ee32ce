import { CONTACT_TIME_KEYS, SALARY_KEYS } from "@/lib/constants/account";
import {
  INQUIRY_KIND_KEYS,
  INQUIRY_MAIN,
  INQUIRY_STATUS_KEYS,
  plusDays,
  SELL_TIMING_KEYS,
  VIEWING_BANDS,
  VIEWING_MAX_CHOICES,
  VIEWING_MAX_DAYS,
} from "@/lib/constants/contact";
import { jstDay } from "@/lib/jst-date";
import { TYPES } from "@/lib/constants/investment";
import {
  contactMethods,
  digits,
  email,
  faxForMethod,
  ifFilled,
  isoDateTime,
  katakana,
  recordId,
  requiredString,
  storedEnum,
  tel,
  toHalfWidth,
  underscoreId,
  type Timestamp,
} from "./common";
import { label, z } from "./zod";

/**
 * Inquiry forms (spec §3 "Inquiry form", §5 "Inquiry form"), one schema per
 * form, shared by the pages (step 入力 → 確認), the procedures and REST.
 * Full-width digits are converted before validation (in the field helpers).
 */
const recaptcha_token = z.string().max(4096).optional();
const select = <T extends [string, ...string[]]>(values: T, text: string) => label(z.enum(values), text, { select: true });
const keysOf = (list: readonly { key: string }[]) => list.map((o) => o.key) as [string, ...string[]];
const text = (name: string, max = 2000) => label(z.string().trim().max(max), name);

function inquiry(kind: keyof typeof INQUIRY_MAIN) {
  return z.object({
    main: label(z.array(z.enum(keysOf(INQUIRY_MAIN[kind]))).min(1), "お問い合わせ項目", { select: true }),
    other: z.string().trim().max(500).optional(),
  });
}

const person = {
  names: z.object({ last: requiredString("お名前（姓）", { max: 50 }), first: z.string().trim().max(50).optional() }),
  kanas: z.object({ last: katakana("フリガナ（セイ）", { max: 50 }), first: ifFilled(katakana("フリガナ（メイ）", { max: 50 })) }),
  email: email(),
};

const contactWays = z.object({
  tel: tel("電話番号"),
  fax: ifFilled(tel("FAX番号")),
  method: contactMethods(),
  time: z.string().optional(),
});

/** Rules that span fields, reported under the field they concern. */
function crossRules(
  v: { inquiry?: { main: string[]; other?: string | undefined }; contact?: { fax?: string | undefined; method: string[]; time?: string | undefined } },
  ctx: z.RefinementCtx,
) {
  if (v.inquiry?.main.includes("other") && !v.inquiry.other?.trim()) {
    ctx.addIssue({ code: "custom", path: ["inquiry", "other"], params: { kind: "required", label: "その他の内容" } });
  }
  if (v.contact) faxForMethod(v.contact, ctx, ["contact", "fax"]);
  if (v.contact?.method.includes("tel") && !v.contact.time) {
    ctx.addIssue({ code: "custom", path: ["contact", "time"], params: { kind: "required", label: "ご連絡可能な時間帯", select: true } });
  } else if (v.contact?.time && !(CONTACT_TIME_KEYS as readonly string[]).includes(v.contact.time)) {
    ctx.addIssue({ code: "custom", path: ["contact", "time"], params: { label: "ご連絡可能な時間帯" }, message: "ご連絡可能な時間帯の値が正しくありません" });
  }
}

const investorMoney = {
  salary: select(SALARY_KEYS, "年収"),
  money: digits("自己資金（万円）"),
};

/**
 * 内見希望日時: up to three {date, band}. The form sends three rows; a row left wholly blank is
 * dropped before validation, a half-filled one is reported. Dates from tomorrow (Japan time) to
 * VIEWING_MAX_DAYS ahead, each choice different, and only with 「現地を見学したい」 ticked.
 */
const viewingRow = z.object({ date: z.string().trim().max(10).optional(), band: z.string().trim().max(20).optional() });
const viewingChoices = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((r) => !(r && typeof r === "object" && !(r as { date?: unknown }).date && !(r as { band?: unknown }).band)) : v),
  label(z.array(viewingRow).max(VIEWING_MAX_CHOICES, { error: `内見希望日時は${VIEWING_MAX_CHOICES}つまで選択できます` }), "内見希望日時"),
);
export type ViewingChoice = { date: string; band: string };

function viewingRules(
  v: { inquiry: { main: string[] }; viewing?: { date?: string | undefined; band?: string | undefined }[] | undefined },
  ctx: z.RefinementCtx,
) {
  const rows = v.viewing ?? [];
  if (rows.length === 0) return;
  if (!v.inquiry.main.includes("visit")) {
    ctx.addIssue({ code: "custom", path: ["viewing"], message: "内見希望日時は「現地を見学したい」を選んだ場合にご指定ください" });
    return;
  }
  const today = jstDay(new Date());
  const last = plusDays(today, VIEWING_MAX_DAYS);
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    const at = (field: "date" | "band", message: string) => ctx.addIssue({ code: "custom", path: ["viewing", i, field], message });
    const n = `第${i + 1}希望`;
    if (!r.date) return at("date", `${n}の日付を選択してください`);
    if (!r.band) return at("band", `${n}の時間帯を選択してください`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.date) || plusDays(r.date, 0) !== r.date) return at("date", `${n}の日付が正しくありません`);
    if (!VIEWING_BANDS.some((b) => b.key === r.band)) return at("band", `${n}の時間帯が正しくありません`);
    if (r.date <= today) return at("date", `${n}は明日以降の日付を選択してください`);
    if (r.date > last) return at("date", `${n}は${VIEWING_MAX_DAYS}日以内の日付を選択してください`);
    const key = `${r.date}|${r.band}`;
    if (seen.has(key)) return at("date", `${n}は他の希望と同じ日時です。別の日時を選択してください`);
    seen.add(key);
  });
}

/** 物件へのお問い合わせ (kind investment), from a listing. */
export const investmentContactInput = z
  .object({
    investment_id: z.coerce.number().int().positive(),
    inquiry: inquiry("investment"),
    ...person,
    ...investorMoney,
    contact: contactWays,
    viewing: viewingChoices.optional(),
    comment: text("ご質問・ご要望").optional(),
    recaptcha_token,
  })
  .superRefine(crossRules)
  .superRefine(viewingRules);

/** /contacts/consult 投資相談 */
export const consultContactInput = z
  .object({
    inquiry: inquiry("consult"),
    ...person,
    ...investorMoney,
    contact: contactWays,
    comment: requiredString("ご相談内容", { max: 2000 }),
    recaptcha_token,
  })
  .superRefine(crossRules);

/** /contacts/other その他のお問い合わせ */
export const otherContactInput = z
  .object({
    inquiry: inquiry("other"),
    ...person,
    contact: contactWays,
    content: requiredString("お問い合わせ内容", { max: 2000 }),
    recaptcha_token,
  })
  .superRefine(crossRules);

/** /sell 売却査定 (owners). */
export const sellContactInput = z
  .object({
    inquiry: inquiry("sell"),
    ...person,
    contact: contactWays,
    property: z.object({
      address: requiredString("物件所在地", { max: 200 }),
      type: select(keysOf(TYPES.map((t) => ({ key: String(t.id) }))), "物件種別"),
      land_size: ifFilled(
        label(
          z
            .string()
            .overwrite(toHalfWidth)
            .trim()
            .regex(/^\d+(\.\d+)?$/, { error: "土地面積は数字で入力してください" }),
          "土地面積",
        ),
      ),
      building_size: ifFilled(
        label(
          z
            .string()
            .overwrite(toHalfWidth)
            .trim()
            .regex(/^\d+(\.\d+)?$/, { error: "建物面積は数字で入力してください" }),
          "建物面積",
        ),
      ),
      built_year: ifFilled(
        label(
          z
            .string()
            .overwrite(toHalfWidth)
            .trim()
            .regex(/^(19|20)\d{2}$/, { error: "築年は西暦4桁で入力してください" }),
          "築年",
        ),
      ),
      rent: ifFilled(digits("現在の月額賃料（円）")),
      occupancy: z.string().trim().max(100).optional(),
      timing: select(SELL_TIMING_KEYS, "売却希望時期"),
    }),
    comment: text("ご要望").optional(),
    recaptcha_token,
  })
  .superRefine(crossRules);

/** /exchange 業者様 (real-estate firms). */
export const exchangeContactInput = z
  .object({
    company: requiredString("会社名", { max: 100 }),
    inquiry: inquiry("exchange"),
    ...person,
    contact: contactWays,
    comment: requiredString("ご連絡事項", { max: 2000 }),
    recaptcha_token,
  })
  .superRefine(crossRules);

export const contactInputs = {
  investment: investmentContactInput,
  consult: consultContactInput,
  other: otherContactInput,
  sell: sellContactInput,
  exchange: exchangeContactInput,
} as const;
export type ContactFormKind = keyof typeof contactInputs;
export type ContactInput<K extends ContactFormKind> = z.infer<(typeof contactInputs)[K]>;

/** public.contacts.{kind}: the inquiry is stored (its mails follow through the outbox). */
export const contactSubmittedResult = z.object({ status: z.literal(true), id: recordId });
/** POST /api/contacts/{kind} */
export const contactSubmitted = underscoreId(contactSubmittedResult);

/** One of the member's own inquiries (newest first). */
const memberContactOf = <T extends Timestamp>(at: T) =>
  z.object({
    _id: recordId,
    kind: storedEnum(INQUIRY_KIND_KEYS),
    investment_id: recordId.nullable(),
    /** The listing's number, name and price when the inquiry was sent (kept if the listing goes). */
    investment_snapshot: z.object({ no: z.string().nullable(), name: z.string(), price: z.number().int() }).nullable(),
    /** Whether the listing is still published; null when it is gone. */
    investment_public: z.boolean().nullable(),
    inquiry: z.object({ main: z.array(z.string()), other: z.string().nullable().optional() }).nullable(),
    comment: z.string().nullable(),
    content: z.string().nullable(),
    status: storedEnum(INQUIRY_STATUS_KEYS),
    created_at: at,
  });

/** member.contacts.list */
export const memberContact = memberContactOf(z.date());
/** GET /api/user/contact */
export const memberContactDto = memberContactOf(isoDateTime);
export type MemberContactDto = z.infer<typeof memberContactDto>;
