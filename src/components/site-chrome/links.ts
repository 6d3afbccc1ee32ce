/** Plain values shared by server and client chrome components (no "use client" here on purpose). */
import { SITE } from "@/lib/constants/site";

/** tel: link for the site phone number. */
export const TEL_HREF = `tel:${SITE.tel.replace(/[^\d+]/g, "")}`;

/** Where the header's contact button goes. */
export const CONTACT_PATH = "/contacts/consult";

export const KEYWORD_PLACEHOLDER = "物件ワード検索";

/** The keyword box's input: the list's fw parameter, a search key on phone keyboards, no autofill. */
export const KEYWORD_INPUT = { name: "fw", type: "search", enterKeyHint: "search", autoComplete: "off" } as const;

/** Where a keyword search goes (spec §2): /investments/page/1/?fw=… or /investments when empty. */
export function keywordSearchHref(keyword: string): string {
  const fw = keyword.trim();
  return fw ? `/investments/page/1/?fw=${encodeURIComponent(fw)}` : "/investments";
}
