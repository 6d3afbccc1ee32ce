import { zipCode } from "./common";
import { z } from "./zod";

/** public.postal.lookup: a 郵便番号 as the profile form takes it. */
export const postalLookupInput = z.object({ zip: zipCode() });

/** What the lookup fills: 都道府県, 市区町村 and 町域 ("" when the code covers a whole city or several towns with nothing in common). */
export const postalAddress = z.object({ pref: z.string(), city: z.string(), town: z.string() });
export type PostalAddress = z.infer<typeof postalAddress>;

export const POSTAL_NOT_FOUND = "この郵便番号に該当する住所が見つかりません。郵便番号をご確認ください。";
