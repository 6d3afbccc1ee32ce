import { IMAGE_CATEGORY_KEYS } from "@/lib/constants/investment";
import { isoDateTime, pageOf, pageResultOf, recordId, underscoreId, type Timestamp } from "./common";
import {
  builtGroup,
  codeWithOther,
  commentsGroup,
  featuresGroup,
  floorGroup,
  incomeGroup,
  landRatioGroup,
  landRightsGroup,
  landRoadEntry,
  specificationsGroup,
} from "./investment-groups";
import { dealChipSchema, listingEconomicsSchema, simulatorListingSchema } from "./economics";
import { z } from "./zod";

/**
 * A listing as the public procedures and the REST adapter answer it (spec §3
 * "Investment"): the spec's field names, nested groups as stored
 * (`income.month`, `floor.ground`…). Each shape is written once as a function
 * of how timestamps travel (common.ts `Timestamp`) and comes in two
 * encodings: the procedure's answer (`id`, Dates; `investmentCard`,
 * `investmentDetail`) and the REST body (`_id`, ISO strings; the `…Dto`
 * schemas). Anything not declared here is stripped before an answer leaves,
 * so staff-only fields (original, keywords, locality, map) can never slip out
 * through a service that starts selecting them.
 */
const int = z.number().int();
const text = z.string();
const num = z.number();
/** An ISO date (YYYY-MM-DD) kept as text in the database. */
const isoDate = z.string();

/** The tile every list shows (search results, related listings, matchings). */
const cardOf = <T extends Timestamp>(at: T) =>
  z.object({
    id: recordId,
    name: text,
    type_cd: int,
    type_other: text.nullable(),
    pref_cd: int,
    pref_name: text.nullable(),
    city_cd: text,
    city_name: text.nullable(),
    /** 万円 */
    price: int,
    /** percent */
    yield: num.nullable(),
    /** 実質利回り, percent: NOI ÷ 価格 (src/lib/economics.ts: (満室想定年収 − 運営経費) ÷ 価格), computed when read; null when an input is missing */
    net_yield: num.nullable(),
    /** NOI 円/年 (the summary's); null when an input is missing */
    noi: num.nullable(),
    /** The viewing member's 月間CF 円 under their own saved loan terms (issue 33); absent without terms, null without a NOI */
    member_cf: num.nullable().optional(),
    /** 借地権・定期借地権 */
    leasehold: z.boolean(),
    /** The deal check's compact line (参考): judged rows against the median of similar listings the caller may see */
    deal: z.array(dealChipSchema),
    structure_cd: int.nullable(),
    structure_other: text.nullable(),
    /** ㎡ */
    land_size: num.nullable(),
    building_size: num.nullable(),
    occupied_size: num.nullable(),
    total_units: int.nullable(),
    /** 取引態様 */
    transactions: int.nullable(),
    built: builtGroup.nullable(),
    /** Nearest walk minutes over the transports. */
    station_time: int.nullable(),
    line_name: text.nullable(),
    station_name: text.nullable(),
    members: z.boolean(),
    premium: z.boolean(),
    price_down: z.boolean(),
    /** Storage name of the first photo, for /api/images/{_id}/{image}/thumb. */
    image: text.nullable(),
    public_at: z.nullable(at),
  });

/** A card as procedures answer it: `locked: false` tells it from the locked teaser of a card grid. */
export const investmentCard = cardOf(z.date()).extend({ locked: z.literal(false) });
/** A card in a REST body. */
export const investmentCardDto = underscoreId(cardOf(isoDateTime));
export type InvestmentCardDto = z.infer<typeof investmentCardDto>;

/** Spec §3 "Transport entry" (in display order). */
export const investmentTransportDto = z.object({
  id: recordId,
  operator: int.nullable(),
  line_cd: int.nullable(),
  line_name: text.nullable(),
  station_cd: int.nullable(),
  station_name: text.nullable(),
  group_cd: int.nullable(),
  /** 1 徒歩, 2 バス, 3 その他 */
  distance: int,
  station_walk: int.nullable(),
  bus_name: text.nullable(),
  bus_time: int.nullable(),
  bus_walk: int.nullable(),
  other: text.nullable(),
});

/** A photo (in display order). */
export const investmentImageDto = z.object({
  id: recordId,
  name: text,
  comment: text.nullable(),
  width: int.nullable(),
  height: int.nullable(),
  /** photo | floor_plan (間取り図) */
  category: z.enum(IMAGE_CATEGORY_KEYS),
});

/** 価格改定履歴 as the public sees it: when the price changed, never what it was (表示規約: only `former_price` may show a former amount). */
const priceChangeOf = <T extends Timestamp>(at: T) => z.object({ changed_at: at });
export const priceChangeDto = priceChangeOf(isoDateTime);

/**
 * The former price that may be shown beside the current one (規約 第20条 / 施行規則 (過去の販売価格を比較対照価格とする二重価格表示),
 * src/lib/former-price.ts), always with its 公表日 and last day and the 値下げ日 (Japan-time dates).
 */
export const formerPriceSchema = z.object({
  formerPrice: int,
  formerSince: isoDate,
  formerUntil: isoDate,
  cutAt: isoDate,
});

/** The full listing for an audience that may see it (all but its key, price history and related cards). */
const detailFields = <T extends Timestamp>(at: T) => ({
  no: text.nullable(),
  type_cd: int,
  type_other: text.nullable(),
  name: text,
  pref_cd: int,
  pref_name: text.nullable(),
  city_cd: text,
  city_name: text.nullable(),
  area_cd: int.nullable(),
  area_name: text.nullable(),
  district_cd: text,
  price: int,
  /** The former price, only while 表示規約 allows it (then also in `former_price`, with its dates). */
  price_before: int.nullable(),
  /** A 値下げ may be claimed now (the same condition). */
  price_down: z.boolean(),
  former_price: formerPriceSchema.nullable(),
  income: incomeGroup.nullable(),
  yield: num.nullable(),
  service_charge: int.nullable(),
  maintenance_fee: int.nullable(),
  structure_cd: int.nullable(),
  structure_other: text.nullable(),
  floor: floorGroup.nullable(),
  built: builtGroup.nullable(),
  building_size: num.nullable(),
  occupied_size: num.nullable(),
  layout: text.nullable(),
  total_units: int.nullable(),
  specifications: specificationsGroup.nullable(),
  features: featuresGroup.nullable(),
  land_size: num.nullable(),
  land_type: int.nullable(),
  land_note: text.nullable(),
  land_rights: landRightsGroup.nullable(),
  land_use_1: text.nullable(),
  land_use_2: text.nullable(),
  land_ratio: landRatioGroup.nullable(),
  land_cat: codeWithOther.nullable(),
  land_plan: codeWithOther.nullable(),
  land_corner: text.nullable(),
  land_road: z.array(landRoadEntry).nullable(),
  vacancy: codeWithOther.nullable(),
  assign: text.nullable(),
  transactions: int.nullable(),
  comments: commentsGroup.nullable(),
  members: z.boolean(),
  premium: z.boolean(),
  registered_at: isoDate.nullable(),
  update_at: z.nullable(at),
  next_update_at: isoDate.nullable(),
  public_at: z.nullable(at),
  residual_at: isoDate.nullable(),
  station_time: int.nullable(),
  new_quake: z.boolean(),
  has_cert: z.boolean(),
  has_repair: z.boolean(),
  is_full: z.boolean(),
  /** 残存耐用年数20年以上 (feature fs=1). */
  long_residual: z.boolean(),
  /** Whether the signed-in member has it in their favourites; null for anyone else. */
  bookmarked: z.boolean().nullable(),
  transports: z.array(investmentTransportDto),
  images: z.array(investmentImageDto),
  /** The listing's numbers from the one model (src/lib/economics.ts): figures, deal check (参考), rent roll and 修繕履歴 (rows for members only). */
  economics: listingEconomicsSchema,
});

/** A listing's detail as public.investments.byId answers it. */
export const investmentDetail = z.object({
  locked: z.literal(false),
  id: recordId,
  ...detailFields(z.date()),
  /** The simulator island's inputs (the page's; not in the REST body). */
  simulator: simulatorListingSchema,
  priceHistory: z.array(priceChangeOf(z.date())),
  related: z.array(investmentCard),
});

/** The same in a REST body (`_id`, `price_history`). */
export const investmentDetailDto = z.object({
  locked: z.literal(false),
  _id: recordId,
  ...detailFields(isoDateTime),
  price_history: z.array(priceChangeDto),
  related: z.array(investmentCardDto),
});
export type InvestmentDetailDto = z.infer<typeof investmentDetailDto>;

/** A members-only listing asked for by a visitor: nothing of the listing, by construction. */
export const lockedInvestmentDto = z.object({ locked: z.literal(true) });

/** public.investments.byId */
export const investmentDetailOrLocked = z.discriminatedUnion("locked", [lockedInvestmentDto, investmentDetail]);
/** GET /api/investments/{id} */
export const investmentDetailResult = z.discriminatedUnion("locked", [lockedInvestmentDto, investmentDetailDto]);

/**
 * public.investments.search: past the list's count bound (src/server/search/sql.ts COUNT_BOUND)
 * `total` is a lower bound, `last` the last page known to exist, and `totalBounded` is true.
 */
export const investmentPage = pageResultOf(investmentCard).extend({ totalBounded: z.boolean() });
/** GET /api/investments */
export const investmentPageDto = pageOf(investmentCardDto).extend({
  total_bounded: z
    .boolean()
    .describe(
      "true: 該当が多く件数を上限 (1,000件、またはそれより先のページを求めたときは page × page_size 件) で数え止めた。total はその上限 (実際の件数はそれより多い)、last はあると分かっている最後のページ (次のページを求めると先まで数え直す)。false: total は正確な件数",
    ),
});
