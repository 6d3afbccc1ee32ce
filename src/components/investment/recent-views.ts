/**
 * 最近見た物件 as a visitor's browser keeps it (localStorage), shared by the list (recently-viewed.tsx,
 * a client component) and the script that records a view from the HTML (recently-viewed-script.tsx,
 * a server component: it cannot read constants out of a client module).
 */

/** What a visitor's browser keeps per viewed listing. */
export interface ViewedEntry {
  id: number;
  name: string;
  /** 万円 */
  price: number;
  yield: number | null;
  type_cd: number;
  at: number;
}

export const RECENT_KEY = "kir:recently-viewed";
export const RECENT_KEEP = 20;
