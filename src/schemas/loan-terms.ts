import { toHalfWidth } from "./common";
import { label, z } from "./zod";

/**
 * A member's own loan terms (issue 33 「融資条件」): the My Page form, the tRPC procedures
 * (member.loanTerms) and REST PUT /api/member/loan-terms validate with this one schema. The form's
 * units: 自己資金 in 万円 (stored in 円, loan_terms.own_funds), rates in %, the term in whole years.
 */
export const LOAN_TERMS_LIMITS = {
  ownFundsMan: { min: 0, max: 100_000 },
  downPaymentPct: { min: 0, max: 100 },
  interestPct: { min: 0, max: 15 },
  years: { min: 1, max: 50 },
  purchaseCostPct: { min: 0, max: 20 },
} as const;
export const PURCHASE_COST_PCT_FORM_DEFAULT = 7;

export const FUNDING_KEYS = ["own_funds", "down_payment"] as const;
export type Funding = (typeof FUNDING_KEYS)[number];
export const FUNDING_LABELS: Record<Funding, string> = { own_funds: "自己資金（万円）で指定", down_payment: "頭金（価格の%）で指定" };

/** A number as typed (full-width digits and commas allowed); blank → undefined (then "…を入力してください"). */
const typed = (v: unknown) => {
  if (typeof v !== "string") return v ?? undefined;
  const s = toHalfWidth(v).replace(/[,\s]/g, "");
  return s === "" ? undefined : Number(s);
};

function rangeOf(text: string, unit: string, { min, max }: { min: number; max: number }, opts: { int?: boolean } = {}) {
  const message = `${text}は${min.toLocaleString("ja-JP")}〜${max.toLocaleString("ja-JP")}${unit}の範囲${opts.int ? "の整数" : ""}で入力してください`;
  let n = z.number({ error: (iss) => (iss.input === undefined ? `${text}を入力してください` : `${text}は半角数字で入力してください`) });
  n = n.min(min, { error: message }).max(max, { error: message });
  if (opts.int) n = n.int({ error: message });
  return label(z.preprocess(typed, n), text);
}

const optionalRange = (schema: ReturnType<typeof rangeOf>) =>
  z.preprocess((v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());

export const loanTermsInput = z
  .object({
    funding: label(z.enum(FUNDING_KEYS), "資金の入れ方", { select: true }),
    /** 自己資金 万円 (with funding own_funds) */
    own_funds_man: optionalRange(rangeOf("自己資金", "万円", LOAN_TERMS_LIMITS.ownFundsMan)),
    /** 頭金 % of the price (with funding down_payment) */
    down_payment_pct: optionalRange(rangeOf("頭金", "%", LOAN_TERMS_LIMITS.downPaymentPct)),
    interest_pct: rangeOf("金利", "%", LOAN_TERMS_LIMITS.interestPct),
    years: rangeOf("期間", "年", LOAN_TERMS_LIMITS.years, { int: true }),
    purchase_cost_pct: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? PURCHASE_COST_PCT_FORM_DEFAULT : v),
      rangeOf("購入時諸費用", "%", LOAN_TERMS_LIMITS.purchaseCostPct),
    ),
  })
  .superRefine((v, ctx) => {
    // The chosen way of funding needs its figure; the other one is ignored.
    if (v.funding === "own_funds" && v.own_funds_man === undefined)
      ctx.addIssue({ code: "custom", path: ["own_funds_man"], message: "自己資金を入力してください" });
    if (v.funding === "down_payment" && v.down_payment_pct === undefined)
      ctx.addIssue({ code: "custom", path: ["down_payment_pct"], message: "頭金を入力してください" });
  });
export type LoanTermsInput = z.input<typeof loanTermsInput>;
export type LoanTermsValues = z.output<typeof loanTermsInput>;

/** The saved terms as the form and GET /api/member/loan-terms give them; null when none are saved. */
export const loanTermsDto = z.object({
  funding: z.enum(FUNDING_KEYS),
  own_funds_man: z.number().nullable(),
  down_payment_pct: z.number().nullable(),
  interest_pct: z.number(),
  years: z.number().int(),
  purchase_cost_pct: z.number(),
});
export type LoanTermsDto = z.infer<typeof loanTermsDto>;
export const loanTermsResult = z.object({ terms: loanTermsDto.nullable() });
