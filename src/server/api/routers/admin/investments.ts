import { TRPCError } from "@trpc/server";
import { bulkInput, createInvestmentInput, existsInput, investmentIdInput, investmentSaveResult, updateInvestmentInput } from "@/schemas/admin/investment";
import { rentRollCsvInput, rentRollCsvResult } from "@/schemas/admin/investment-economics";
import { existsResult } from "@/schemas/common";
import { parseSearchParams } from "@/schemas/search";
import { z } from "@/schemas/zod";
import { nearestStationInput } from "@/schemas/map";
import { env } from "@/server/env";
import { stationPosition } from "@/server/map";
import {
  adminListColumns,
  bulkInvestments,
  duplicateInvestment,
  getInvestmentForEdit,
  getInvestmentPreview,
  investmentNoExists,
  municipalityChoices,
  parseRentRollCsv,
  railwayChoices,
  removeInvestments,
  saveInvestment,
  stationChoices,
  unmappedLandUses,
} from "@/server/investments";
import { searchInvestments } from "@/server/search";
import { adminProcedure, createTRPCRouter } from "../../trpc";
import { rawSearchQuery, toRawRecord } from "../public/investments";

/** Listings per admin list page. */
export const ADMIN_INVESTMENTS_PAGE_SIZE = 30;

/**
 * Listing management: the admin search (public parameters plus no, ps, nu,
 * xu, cp), the editor (byId / create / update, exists for the property
 * number), bulk actions, duplicate, delete, preview, and the master data the
 * editor's pickers need.
 */
export const adminInvestmentsRouter = createTRPCRouter({
  list: adminProcedure.input(rawSearchQuery).query(async ({ ctx, input }) => {
    const query = parseSearchParams(toRawRecord(input), { admin: true });
    const r = await searchInvestments(ctx.db, "admin", query, { pageSize: ADMIN_INVESTMENTS_PAGE_SIZE, exactCount: true });
    const extra = await adminListColumns(
      ctx.db,
      r.items.map((i) => i.id),
    );
    return {
      items: r.items.map((c) => ({ ...c, admin: extra.get(c.id) ?? null })),
      total: r.total,
      page: r.page,
      last: r.last,
      pageSize: r.pageSize,
      query,
    };
  }),
  byId: adminProcedure.input(investmentIdInput).query(({ ctx, input }) => getInvestmentForEdit(ctx.db, input.id)),
  /** GET /api/admin/investment/exists/{id}/{no} */
  exists: adminProcedure
    .input(existsInput)
    .output(existsResult)
    .query(async ({ ctx, input }) => ({ exists: await investmentNoExists(ctx.db, input.no, input.id || null) })),
  create: adminProcedure
    .input(createInvestmentInput)
    .output(investmentSaveResult)
    .mutation(({ ctx, input }) => saveInvestment(ctx.db, ctx.admin.id, null, input)),
  update: adminProcedure
    .input(updateInvestmentInput)
    .output(investmentSaveResult)
    .mutation(({ ctx, input: { id, price_change, ...data } }) => saveInvestment(ctx.db, ctx.admin.id, id, data, { priceChange: price_change })),
  bulk: adminProcedure.input(bulkInput).mutation(({ ctx, input }) => bulkInvestments(ctx.db, input.ids, input.action)),
  duplicate: adminProcedure.input(investmentIdInput).mutation(({ ctx, input }) => duplicateInvestment(ctx.db, ctx.admin.id, input.id)),
  remove: adminProcedure.input(investmentIdInput).mutation(async ({ ctx, input }) => {
    const n = await removeInvestments(ctx.db, [input.id]);
    if (!n) throw new TRPCError({ code: "NOT_FOUND", message: "物件が見つかりません" });
    return { status: true as const };
  }),
  /** The public detail as it will look, for any listing (published or not). */
  preview: adminProcedure.input(investmentIdInput).query(async ({ ctx, input }) => {
    const d = await getInvestmentPreview(ctx.db, input.id);
    if (!d) throw new TRPCError({ code: "NOT_FOUND", message: "物件が見つかりません" });
    return d;
  }),
  /** A rent-roll CSV (Shift_JIS or UTF-8) as form rows, or its errors by line; saves nothing (the listing's save does). */
  importRentRoll: adminProcedure
    .input(rentRollCsvInput)
    .output(rentRollCsvResult)
    .mutation(({ input }) => parseRentRollCsv(Buffer.from(input.csv, "base64"))),
  /** Listings whose 用途地域 is free text the migration could not map (issue 34 item 5), for the admin top page. */
  unmappedLandUses: adminProcedure.query(({ ctx }) => unmappedLandUses(ctx.db)),
  masters: adminProcedure.query(async ({ ctx }) => ({
    municipalities: await municipalityChoices(ctx.db),
    lines: await railwayChoices(ctx.db),
  })),
  /** A station's position (master data): the editor places a listing without one there. */
  stationPosition: adminProcedure.input(nearestStationInput).query(async ({ ctx, input }) => {
    const p = await stationPosition(ctx.db, input.stationCd);
    if (!p) throw new TRPCError({ code: "NOT_FOUND", message: "駅が見つかりません" });
    return p;
  }),
  /** The base map of the editor's placing map (MAP_TILE_URL and its credit). */
  mapTiles: adminProcedure.query(() => ({ url: env().MAP_TILE_URL, attribution: env().MAP_TILE_ATTRIBUTION })),
  stations: adminProcedure
    .input(z.object({ line_cd: z.coerce.number().int().positive().max(99_999_999) }))
    .query(({ ctx, input }) => stationChoices(ctx.db, input.line_cd)),
});
