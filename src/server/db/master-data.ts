import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import areasJson from "@/master-data/areas.json";
import municipalitiesJson from "@/master-data/municipalities.json";
import railwaysJson from "@/master-data/railways.json";
import railwaysKanaJson from "@/master-data/railways.kana.json";
import type { Db } from "./index";
import { areas, municipalities, prefectures, railway_lines, railway_operators, site_options, stations } from "./schema";

/**
 * Loads the master data shipped in src/master-data (copied from the product
 * owner's shared/data with its README and licence notes) into tables. The app
 * never reads the product owner's shared folder at run time. Idempotent: a fingerprint of the files is
 * stored, and nothing is written when it has not changed.
 */

type AreaJson = { id: number; key: string; name: string; name_en: string; municipality_codes: string[] };
type MuniJson = {
  code: string;
  code5: string;
  pref_cd: number;
  name: string;
  name_kana: string;
  type: string;
  parent_code?: string;
  ward_name?: string;
  county?: string;
};
type OperatorJson = { company_cd: number; name: string; short: string; name_formal: string; name_kana: string; rr_cd?: number; note?: string };
type LineJson = {
  line_cd: number;
  company_cd: number;
  name: string;
  name_kana: string;
  name_formal: string;
  e_sort: number;
  color?: string;
  pref_cds: number[];
  station_count: number;
  note?: string;
};
type StationJson = {
  station_cd: number;
  station_g_cd: number;
  name: string;
  line_cd: number;
  pref_cd: number;
  lat: number;
  lon: number;
  e_sort: number;
  muni_code?: string;
};

const areaList = (areasJson as { areas: AreaJson[] }).areas;
const prefList = (municipalitiesJson as { prefectures: { pref_cd: number; code: string; name: string; name_kana: string }[] }).prefectures;
const muniList = (municipalitiesJson as { municipalities: MuniJson[] }).municipalities;
const railways = railwaysJson as { operators: OperatorJson[]; lines: LineJson[]; stations: StationJson[] };
const kana = (railwaysKanaJson as { station_name_kana: Record<string, string> }).station_name_kana;

export const MASTER_DATA_FINGERPRINT = createHash("sha256")
  .update(JSON.stringify([areaList, prefList, muniList, railways.operators, railways.lines, railways.stations, kana]))
  .digest("hex")
  .slice(0, 16);

const OPTION_KEY = "master_data_fingerprint";

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Upsert helper: every column but the key is refreshed from the file. */
function excludedAll(columns: string[]) {
  return Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c}`)]));
}

export async function loadMasterData(db: Db): Promise<{ loaded: boolean }> {
  const current = await db.select().from(site_options).where(eq(site_options.key, OPTION_KEY)).get();
  if (current?.value === MASTER_DATA_FINGERPRINT) return { loaded: false };

  const areaOf = new Map<string, number>();
  for (const a of areaList) for (const code of a.municipality_codes) areaOf.set(code, a.id);

  await db.transaction(async (tx) => {
    await tx
      .insert(prefectures)
      .values(prefList)
      .onConflictDoUpdate({ target: prefectures.pref_cd, set: excludedAll(["code", "name", "name_kana"]) });
    await tx
      .insert(areas)
      .values(areaList.map(({ id, key, name, name_en }) => ({ id, key, name, name_en })))
      .onConflictDoUpdate({ target: areas.id, set: excludedAll(["key", "name", "name_en"]) });
    for (const rows of chunk(muniList, 200)) {
      await tx
        .insert(municipalities)
        .values(
          rows.map((m) => ({
            code: m.code,
            code5: m.code5,
            pref_cd: m.pref_cd,
            name: m.name,
            name_kana: m.name_kana,
            type: m.type,
            parent_code: m.parent_code ?? null,
            ward_name: m.ward_name ?? null,
            county: m.county ?? null,
            area_id: areaOf.get(m.code) ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: municipalities.code,
          set: excludedAll(["code5", "pref_cd", "name", "name_kana", "type", "parent_code", "ward_name", "county", "area_id"]),
        });
    }
    await tx
      .insert(railway_operators)
      .values(railways.operators.map((o) => ({ ...o, rr_cd: o.rr_cd ?? null, note: o.note ?? null })))
      .onConflictDoUpdate({ target: railway_operators.company_cd, set: excludedAll(["name", "short", "name_formal", "name_kana", "rr_cd", "note"]) });
    for (const rows of chunk(railways.lines, 200)) {
      await tx
        .insert(railway_lines)
        .values(rows.map((l) => ({ ...l, color: l.color ?? null, note: l.note ?? null })))
        .onConflictDoUpdate({
          target: railway_lines.line_cd,
          set: excludedAll(["company_cd", "name", "name_kana", "name_formal", "e_sort", "color", "pref_cds", "station_count", "note"]),
        });
    }
    for (const rows of chunk(railways.stations, 300)) {
      await tx
        .insert(stations)
        .values(rows.map((s) => ({ ...s, muni_code: s.muni_code ?? null, name_kana: kana[String(s.station_cd)] ?? null })))
        .onConflictDoUpdate({
          target: stations.station_cd,
          set: excludedAll(["station_g_cd", "name", "name_kana", "line_cd", "pref_cd", "lat", "lon", "e_sort", "muni_code"]),
        });
    }
    await tx
      .insert(site_options)
      .values({ key: OPTION_KEY, value: MASTER_DATA_FINGERPRINT })
      .onConflictDoUpdate({ target: site_options.key, set: { value: MASTER_DATA_FINGERPRINT, updated_at: new Date() } });
  });
  return { loaded: true };
}
