/**
 * レントロールの CSV 取込 (issue 35): one row a unit, a header row in Japanese
 * (号室,間取り,面積,賃料,共益費,敷金,状態,契約開始, any order; 号室・賃料・状態 required),
 * Shift_JIS (as Excel saves it in Japan) or UTF-8 (with or without BOM), detected from the bytes.
 * Every row is judged by the editor's own row schema (rentRollInput); any error gives every
 * error by line number in Japanese and no rows, so nothing is half-imported. The rows come back
 * as form values for the editor (or a REST client) to save with the listing.
 */
import iconv from "iconv-lite";
import { MAX_RENT_ROLL_ROWS, rentRollInput, type RentRollCsvResult, type RentRollFormRow } from "@/schemas/admin/investment-economics";

/** The header names and the form fields they fill. */
export const RENT_ROLL_CSV_COLUMNS = [
  ["号室", "room"],
  ["間取り", "layout"],
  ["面積", "area"],
  ["賃料", "rent"],
  ["共益費", "common_fee"],
  ["敷金", "deposit"],
  ["状態", "status"],
  ["契約開始", "lease_start"],
] as const satisfies readonly (readonly [string, keyof RentRollFormRow])[];
const REQUIRED_COLUMNS = ["号室", "賃料", "状態"];
/** A rent roll of 500 units is far below this. */
export const RENT_ROLL_CSV_MAX_BYTES = 1_000_000;

export type { RentRollCsvResult };

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise Shift_JIS (CP932, Windows' variant with ①, ㈱ …). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: "UTF-8" | "Shift_JIS" } {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "UTF-8" };
  } catch {
    return { text: iconv.decode(Buffer.from(body), "cp932"), encoding: "Shift_JIS" };
  }
}

/** RFC 4180 records (quoted fields may hold commas, quotes as "" and line breaks), each with the line it starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    out.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return out;
}

/** 「賃料（円）」「 面積(㎡) 」 → 賃料 / 面積: the unit in brackets and spaces do not matter. */
const headerKey = (h: string) =>
  h
    .normalize("NFKC")
    .replace(/[(（][^)）]*[)）]/g, "")
    .replace(/\s/g, "");

/** Decodes and validates a rent-roll CSV. */
export function parseRentRollCsv(bytes: Uint8Array): RentRollCsvResult {
  if (bytes.length > RENT_ROLL_CSV_MAX_BYTES) return { ok: false, errors: [{ line: 1, message: "CSVファイルが大きすぎます（1MBまで）" }] };
  const { text, encoding } = decodeCsv(bytes);
  const records = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ""));
  const header = records.shift();
  if (!header)
    return { ok: false, errors: [{ line: 1, message: "CSVが空です。1行目に見出し（号室,間取り,面積,賃料,共益費,敷金,状態,契約開始）を入れてください" }] };

  const errors: { line: number; message: string }[] = [];
  const fields: (keyof RentRollFormRow | null)[] = header.cells.map((h) => {
    const key = headerKey(h);
    const col = RENT_ROLL_CSV_COLUMNS.find(([name]) => name === key);
    if (!col && key !== "")
      errors.push({ line: header.line, message: `見出し「${h.trim()}」は使えません（使える見出し: ${RENT_ROLL_CSV_COLUMNS.map(([n]) => n).join(",")}）` });
    return col ? col[1] : null;
  });
  for (const name of REQUIRED_COLUMNS) {
    const field = RENT_ROLL_CSV_COLUMNS.find(([n]) => n === name)![1];
    if (!fields.includes(field)) errors.push({ line: header.line, message: `見出しに「${name}」の列がありません` });
  }
  const dup = fields.filter((f, i) => f !== null && fields.indexOf(f) !== i);
  for (const f of new Set(dup)) errors.push({ line: header.line, message: `見出し「${RENT_ROLL_CSV_COLUMNS.find(([, k]) => k === f)![0]}」が重複しています` });
  if (errors.length) return { ok: false, errors };
  if (records.length === 0) return { ok: false, errors: [{ line: header.line + 1, message: "データの行がありません" }] };
  if (records.length > MAX_RENT_ROLL_ROWS)
    return { ok: false, errors: [{ line: header.line, message: `レントロールは${MAX_RENT_ROLL_ROWS}行までです（${records.length}行あります）` }] };

  const rows: Record<keyof RentRollFormRow, string>[] = records.map((r) => {
    if (r.cells.length > header.cells.length) errors.push({ line: r.line, message: `${r.line}行目: 列が見出しより多くあります（${r.cells.length}列）` });
    const row: Record<keyof RentRollFormRow, string> = { room: "", layout: "", area: "", rent: "", common_fee: "", deposit: "", status: "", lease_start: "" };
    fields.forEach((f, i) => {
      if (f) row[f] = (r.cells[i] ?? "").trim();
    });
    return row;
  });
  // Row by row, so every issue keeps its line (the list schema drops blank rows, which would shift indexes).
  const values: RentRollFormRow[] = [];
  rows.forEach((row, i) => {
    const line = records[i]!.line;
    const parsed = rentRollInput.safeParse([row]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line, message: `${line}行目: ${issue.message}` });
      return;
    }
    const r = parsed.data[0];
    if (!r) {
      errors.push({ line, message: `${line}行目: 号室と賃料を入力してください` });
      return;
    }
    // The row as the form holds it (normalised: "85,000円" → "85000", 入居中 → occupied).
    values.push({
      room: r.room ?? "",
      layout: r.layout ?? "",
      area: r.area ?? "",
      rent: r.rent ?? "",
      common_fee: r.common_fee ?? "",
      deposit: r.deposit ?? "",
      status: r.status ?? "occupied",
      lease_start: r.lease_start ?? "",
    });
  });
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };
  return { ok: true, rows: values, encoding };
}
