import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import { jstToday } from "@/lib/jst-date";
import { addDaysIso, emptyInvestmentForm, type InvestmentFormInput } from "@/schemas/admin/investment";
import type { Db } from "@/server/db";
import { Browser, codeOf, type Caller } from "../../helpers/accounts";
import { createAdmin, createUser } from "../../helpers/factories";

/** A temp upload root for a test file (set as UPLOAD_DIR through useAccountSuite's env). */
export const uploadDir = mkdtempSync(path.join(tmpdir(), "kir-admin-uploads-"));

/** Real master data: 大阪市北区, Osaka Metro 御堂筋線 梅田 / 淀屋橋. */
export const PLACE = { pref_cd: "27", city_cd: "271276", line_cd: "99618", umeda: "9961806", yodoyabashi: "9961807" } as const;

/** A complete, valid editor form for a published 一棟マンション. */
export function validForm(over: Partial<InvestmentFormInput> = {}): InvestmentFormInput {
  const today = jstToday();
  return {
    ...emptyInvestmentForm(today),
    no: `T-${crypto.randomUUID().slice(0, 8)}`,
    type_cd: "1",
    name: "テストレジデンス梅田",
    pref_cd: PLACE.pref_cd,
    city_cd: PLACE.city_cd,
    district_cd: "梅田一丁目",
    price: "１２０００",
    income: { month: "600000", year: "" },
    structure_cd: "2",
    built: { year: "2001", month: "4" },
    land_size: "200.5",
    land_type: "1",
    vacancy: { cd: "1", other: "" },
    transactions: "3",
    comments: { main: "梅田駅徒歩圏の一棟マンション", sub: "満室稼働中です。" },
    transports: [
      { line_cd: PLACE.line_cd, station_cd: PLACE.umeda, distance: "1", station_walk: "5", bus_name: "", bus_time: "", bus_walk: "", other: "" },
      { line_cd: PLACE.line_cd, station_cd: PLACE.yodoyabashi, distance: "2", station_walk: "", bus_name: "淀屋橋北", bus_time: "6", bus_walk: "2", other: "" },
    ],
    public: true,
    registered_at: today,
    next_update_at: addDaysIso(today, 14),
    ...over,
  } as InvestmentFormInput;
}

export interface Actors {
  admin: Browser;
  member: Browser;
  visitor: Browser;
  adminId: number;
}

/** Logged-in browsers (cookies from real sessions) for an admin, a member and a visitor. */
export async function actors(db: Db): Promise<Actors> {
  const { createSession, SESSION_COOKIE } = await import("@/server/auth/session");
  const adminRow = await createAdmin(db);
  const user = await createUser(db);
  const admin = new Browser(db);
  admin.jar.set(SESSION_COOKIE.admin, (await createSession(db, "admin", adminRow.id)).token);
  const member = new Browser(db);
  member.jar.set(SESSION_COOKIE.user, (await createSession(db, "user", user.id)).token);
  return { admin, member, visitor: new Browser(db), adminId: adminRow.id };
}

/** Asserts that a member gets FORBIDDEN and a visitor UNAUTHORIZED for a call. */
export async function expectRefused(a: Actors, fn: (c: Caller) => Promise<unknown>): Promise<void> {
  expect(await codeOf(a.member.call(fn))).toBe("FORBIDDEN");
  expect(await codeOf(a.visitor.call(fn))).toBe("UNAUTHORIZED");
}

/** A small real JPEG. */
export async function jpeg(width = 64, height = 48, color = "#c09a50"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}
