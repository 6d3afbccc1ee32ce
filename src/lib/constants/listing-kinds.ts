/**
 * The listing kinds' small code tables (type, structure) apart from ./investment.ts, so that client
 * islands that need only these (the simulator, the recently viewed list) do not ship every code table
 * (issue 21). ./investment.ts re-exports them; import from there on the server.
 */

export const TYPE_OTHER_ID = 99;

/** type_cd (spec §3: 1-6, and 99 その他 with its text in type_other). */
export const TYPES = [
  { id: 1, name: "一棟マンション" },
  { id: 2, name: "一棟アパート" },
  { id: 3, name: "ビル" },
  { id: 4, name: "戸建" },
  { id: 5, name: "土地" },
  { id: 6, name: "区分マンション" },
  { id: TYPE_OTHER_ID, name: "その他" },
] as const;
export type TypeId = (typeof TYPES)[number]["id"];

/** Type label; for その他 the free text (type_other) wins when given. */
export function typeName(cd: number | null | undefined, other?: string | null): string | null {
  if (cd === TYPE_OTHER_ID && other) return other;
  return TYPES.find((t) => t.id === cd)?.name ?? null;
}

/* ------------------------------------------------------- structures (sc) */

/**
 * structure_cd with the legal useful life (法定耐用年数, residential use):
 * SRC/RC 47, 鉄骨 (frame over 4 mm) 34, 軽量鉄骨 27 (the 3-4 mm bracket; the
 * ≤3 mm bracket is 19 but listings do not record the thickness, and 3-4 mm is
 * the usual case for 軽量鉄骨 apartments), 木造 22.
 */
export const STRUCTURES = [
  { id: 1, name: "SRC造", life: 47 },
  { id: 2, name: "RC造", life: 47 },
  { id: 3, name: "鉄骨造", life: 34 },
  { id: 4, name: "軽量鉄骨造", life: 27 },
  { id: 5, name: "木造", life: 22 },
] as const;
export type StructureId = (typeof STRUCTURES)[number]["id"];
/** structure_other exists on listings, so その他 is stored as 99 (no search choice, no legal life). */
export const STRUCTURE_OTHER_ID = 99;

export function structureName(cd: number | null | undefined, other?: string | null): string | null {
  if (cd === STRUCTURE_OTHER_ID) return other || "その他";
  return STRUCTURES.find((s) => s.id === cd)?.name ?? null;
}

/** fs 1 threshold in years. */
export const LONG_RESIDUAL_YEARS = 20;
