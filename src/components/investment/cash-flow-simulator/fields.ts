import { MAN, clampTerm, type SimInput, type TermCap } from "@/lib/simulator";

/** The form's fields as typed (strings), in the units shown next to them. */
export type FieldKey =
  | "price"
  | "grossIncome"
  | "loan"
  | "ownFunds"
  | "interest"
  | "years"
  | "vacancy"
  | "management"
  | "repairs"
  | "taxes"
  | "insurance"
  | "purchaseCosts"
  | "rentDecline";
export type Fields = Record<FieldKey, string>;

export const round = (v: number, digits: number) => String(Math.round(v * 10 ** digits) / 10 ** digits);

export function toFields(i: SimInput): Fields {
  const costs = (i.price * i.purchaseCosts) / 100;
  return {
    price: round(i.price / MAN, 1),
    // To the yen (4 decimals of 万円), so the gross yield reads exactly as on the listing.
    grossIncome: round(i.grossIncome / MAN, 4),
    loan: round(i.loan / MAN, 1),
    ownFunds: round((i.price + costs - i.loan) / MAN, 1),
    interest: String(i.interest),
    years: String(i.years),
    vacancy: String(i.vacancy),
    management: String(i.expenses.management),
    repairs: String(i.expenses.repairs),
    taxes: String(i.expenses.taxes),
    insurance: String(i.expenses.insurance),
    purchaseCosts: String(i.purchaseCosts),
    rentDecline: String(i.rentDecline ?? 0),
  };
}

export const num = (s: string): number => {
  const v = Number(s.replace(/[,，\s]/g, "").replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)));
  return Number.isFinite(v) && v >= 0 ? v : 0;
};

/**
 * The scenario from the fields. A price, income or loan field still as the opening gave it keeps the exact
 * yen (not the field's rounding), so the untouched simulator computes exactly the summary's NOI and 実質利回り.
 */
export function toInput(f: Fields, cap: TermCap, base: SimInput): SimInput {
  const shown = toFields(base);
  return {
    listing: base.listing,
    // Whole yen: 700.3 × 10,000 is 7,002,999.999… in floating point.
    price: f.price === shown.price ? base.price : Math.round(num(f.price) * MAN),
    grossIncome: f.grossIncome === shown.grossIncome ? base.grossIncome : Math.round(num(f.grossIncome) * MAN),
    // The loan too: a member's terms open it at the model's exact 借入額 (issue 33), so the opening 月間CF is the card's.
    loan: f.loan === shown.loan ? base.loan : Math.round(num(f.loan) * MAN),
    interest: num(f.interest),
    years: clampTerm(num(f.years), cap),
    vacancy: Math.min(100, num(f.vacancy)),
    expenses: { management: num(f.management), repairs: num(f.repairs), taxes: num(f.taxes), insurance: num(f.insurance) },
    purchaseCosts: num(f.purchaseCosts),
    rentDecline: num(f.rentDecline),
  };
}
