/** What the editor's files share: the not-found answer, the transaction and row types, options. */
import { DUPLICATE_NO_MESSAGE } from "@/schemas/admin/investment";
import { AppError } from "@/server/errors";
import type { Db } from "@/server/db";
import type { investment_transports, investments } from "@/server/db/schema";
import type { StorageOptions } from "@/server/media";

export const INVESTMENT_NOT_FOUND = "物件が見つかりません";
export { DUPLICATE_NO_MESSAGE };
export const notFound = () => new AppError("NOT_FOUND", INVESTMENT_NOT_FOUND);

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type InvestmentRow = typeof investments.$inferSelect;
/** A transport as written to investment_transports (also the seed's). */
export type TransportRow = Omit<typeof investment_transports.$inferInsert, "id" | "investment_id">;

export interface EditorOptions extends StorageOptions {
  now?: Date;
  /** "correction": a changed price replaces a mistyped one (price-correction.ts). Default "change". */
  priceChange?: "change" | "correction";
}

/** Form values are strings; the row holds numbers and nulls. */
export const str = (v: number | string | boolean | null | undefined): string => (v === null || v === undefined ? "" : String(v));
export const num = (v: string | undefined): number | null => (v === undefined ? null : Number(v));
export const txt = (v: string | undefined): string | null => (v === undefined || v === "" ? null : v);
