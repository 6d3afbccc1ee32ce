/**
 * Where seed listings are: the six areas plus Kobe and Kyoto, municipalities
 * weighted by their number of stations, real stations and lines read from the
 * master tables, and district (町名) lists for the larger cities.
 */
import { and, isNotNull, notLike } from "drizzle-orm";
import areasJson from "@/master-data/areas.json";
import type { Db } from "@/server/db";
import { municipalities, railway_lines, stations } from "@/server/db/schema";
import type { Rng } from "./prng";

export interface StationInfo {
  station_cd: number;
  station_g_cd: number;
  name: string;
  line_cd: number;
  line_name: string;
  company_cd: number;
  pref_cd: number;
  lat: number;
  lon: number;
  muni_code: string | null;
}

export interface MuniInfo {
  code: string;
  name: string;
  pref_cd: number;
  area_id: number | null;
  /** indices into PlaceModel.stations */
  stations: number[];
  weight: number;
}

export type RegionKey = "hanshin" | "hokusetsu" | "osaka" | "bay" | "satellite" | "south" | "kobe" | "kyoto";

export interface Region {
  key: RegionKey;
  label: string;
  munis: MuniInfo[];
  /** stations of every municipality of the region */
  stations: number[];
}

export interface PlaceModel {
  stations: StationInfo[];
  /** nearest stations (indices, nearest first) of each station */
  neighbors: number[][];
  regions: Map<RegionKey, Region>;
  byPref: Map<number, number[]>;
  muniByCode: Map<string, MuniInfo>;
}

/** Share of listings per region (percent). */
export const REGION_WEIGHTS: readonly (readonly [RegionKey, number])[] = [
  ["osaka", 26],
  ["hokusetsu", 12],
  ["hanshin", 12],
  ["bay", 6],
  ["satellite", 11],
  ["south", 12],
  ["kobe", 11],
  ["kyoto", 10],
];

/** Rent level of a region relative to the Kansai average (seed economics). */
export const REGION_RENT: Record<RegionKey, number> = {
  osaka: 1.15,
  hokusetsu: 1.05,
  hanshin: 1.02,
  kyoto: 1.05,
  kobe: 0.95,
  bay: 0.95,
  satellite: 0.86,
  south: 0.8,
};

/** Gross yield offset of a region in points (central areas trade at lower yields). */
export const REGION_YIELD: Record<RegionKey, number> = {
  osaka: -0.4,
  kyoto: -0.3,
  hokusetsu: -0.2,
  hanshin: -0.1,
  kobe: 0.2,
  bay: 0.2,
  satellite: 0.4,
  south: 0.6,
};

/** Land price of a region in 万円 per 坪 (min, max) for 土地 listings. */
export const REGION_LAND: Record<RegionKey, readonly [number, number]> = {
  osaka: [150, 520],
  hokusetsu: [60, 160],
  hanshin: [60, 190],
  kyoto: [80, 320],
  kobe: [50, 200],
  bay: [70, 150],
  satellite: [40, 95],
  south: [25, 75],
};

const AREA_REGION: Record<number, RegionKey> = { 1: "hanshin", 2: "hokusetsu", 3: "osaka", 4: "bay", 5: "satellite", 6: "south" };
const KYOTO_CITIES = new Set(["宇治市", "亀岡市", "城陽市", "向日市", "長岡京市", "京田辺市"]);

const EXCLUDED_LINE_PATTERNS = ["%ケーブル%", "%観光%"];

function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const R = 6371000;
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}
export { haversine as distanceMeters };

export async function loadPlaceModel(db: Db): Promise<PlaceModel> {
  const lineRows = await db
    .select({ line_cd: railway_lines.line_cd, name: railway_lines.name, company_cd: railway_lines.company_cd })
    .from(railway_lines)
    .where(and(...EXCLUDED_LINE_PATTERNS.map((p) => notLike(railway_lines.name, p))))
    .all();
  const lines = new Map(lineRows.map((l) => [l.line_cd, l]));
  const stationRows = await db.select().from(stations).where(isNotNull(stations.muni_code)).all();
  const list: StationInfo[] = [];
  for (const s of stationRows) {
    const line = lines.get(s.line_cd);
    if (!line || s.pref_cd < 26 || s.pref_cd > 28) continue;
    list.push({
      station_cd: s.station_cd,
      station_g_cd: s.station_g_cd,
      name: s.name,
      line_cd: s.line_cd,
      line_name: line.name,
      company_cd: line.company_cd,
      pref_cd: s.pref_cd,
      lat: s.lat,
      lon: s.lon,
      muni_code: s.muni_code,
    });
  }
  list.sort((a, b) => a.station_cd - b.station_cd);
  if (list.length === 0) throw new Error("seed: no stations in the master tables (run migrateDb first)");

  // Nearest stations of each station, for picking 1-3 transports around a listing.
  const K = 14;
  const neighbors = list.map((s, i) => {
    const d: [number, number][] = [];
    for (let j = 0; j < list.length; j++) {
      if (j === i) continue;
      const o = list[j] as StationInfo;
      if (Math.abs(o.lat - s.lat) > 0.05 || Math.abs(o.lon - s.lon) > 0.06) continue;
      d.push([j, haversine(s.lat, s.lon, o.lat, o.lon)]);
    }
    d.sort((a, b) => a[1] - b[1]);
    return d.slice(0, K).map((x) => x[0]);
  });

  const byMuni = new Map<string, number[]>();
  const byPref = new Map<number, number[]>();
  list.forEach((s, i) => {
    if (s.muni_code) byMuni.set(s.muni_code, [...(byMuni.get(s.muni_code) ?? []), i]);
    byPref.set(s.pref_cd, [...(byPref.get(s.pref_cd) ?? []), i]);
  });

  const muniRows = await db.select().from(municipalities).all();
  const muniByCode = new Map<string, MuniInfo>();
  for (const m of muniRows) {
    const st = byMuni.get(m.code) ?? [];
    muniByCode.set(m.code, { code: m.code, name: m.name, pref_cd: m.pref_cd, area_id: m.area_id, stations: st, weight: 1 + st.length });
  }

  const regions = new Map<RegionKey, Region>();
  const addRegion = (key: RegionKey, label: string, codes: readonly string[]) => {
    const munis = codes.map((c) => muniByCode.get(c)).filter((m): m is MuniInfo => !!m && m.pref_cd >= 26 && m.pref_cd <= 28);
    regions.set(key, { key, label, munis, stations: munis.flatMap((m) => m.stations) });
  };
  for (const a of areasJson.areas) {
    const key = AREA_REGION[a.id];
    if (key) addRegion(key, a.name, a.municipality_codes);
  }
  addRegion("kobe", "神戸", areasJson.unassigned.hyogo_kobe);
  addRegion(
    "kyoto",
    "京都",
    areasJson.unassigned.kyoto.filter((c) => {
      const name = muniByCode.get(c)?.name ?? "";
      return name.startsWith("京都市") || KYOTO_CITIES.has(name);
    }),
  );
  for (const [key, r] of regions) {
    if (r.munis.length === 0) throw new Error(`seed: region ${key} has no municipalities`);
  }
  return { stations: list, neighbors, regions, byPref, muniByCode };
}

/* ------------------------------------------------------------------ districts */

/**
 * 町名 of the larger municipalities. "名#n" means the town has 丁目 1..n
 * (one is picked), a plain name is used as is.
 */
const DISTRICTS: Record<string, readonly string[]> = {
  大阪市北区: ["梅田#3", "天神橋#8", "中崎西#4", "本庄東#3", "豊崎#7", "長柄東#3", "天満#4", "西天満#6", "大淀中#5", "中津#7", "同心#2", "浪花町"],
  大阪市中央区: ["谷町#9", "南船場#4", "島之内#2", "内本町#2", "上本町西#5", "瓦屋町#3", "日本橋#2", "森ノ宮中央#2", "東心斎橋#2", "高津#3", "安堂寺町#2"],
  大阪市西区: ["北堀江#4", "南堀江#4", "新町#4", "江戸堀#3", "九条#3", "本田#4", "千代崎#3", "立売堀#6", "京町堀#3"],
  大阪市天王寺区: ["上本町#9", "生玉町", "北山町", "寺田町#2", "玉造元町", "空堀町", "勝山#4", "大道#5", "味原町"],
  大阪市浪速区: ["難波中#3", "元町#3", "恵美須東#3", "桜川#4", "幸町#3", "大国#3", "敷津東#3", "塩草#3"],
  大阪市西淀川区: ["御幣島#6", "千舟#3", "姫島#6", "大和田#6", "野里#3", "柏里#3", "出来島#3"],
  大阪市東淀川区: ["淡路#5", "菅原#7", "東中島#6", "西淡路#6", "豊新#5", "上新庄#3", "小松#5", "瑞光#5", "井高野#4"],
  大阪市東成区: ["大今里#4", "東小橋#3", "深江南#3", "神路#4", "中道#4", "玉津#3", "東今里#3"],
  大阪市生野区: ["桃谷#5", "鶴橋#5", "林寺#6", "勝山北#5", "巽中#4", "生野東#4", "中川#6", "舎利寺#3"],
  大阪市旭区: ["千林#2", "森小路#2", "高殿#7", "大宮#5", "清水#5", "新森#7", "中宮#5"],
  大阪市城東区: ["関目#6", "蒲生#4", "鴫野西#5", "野江#4", "今福東#3", "古市#3", "東中浜#9", "中浜#3"],
  大阪市阿倍野区: ["阿倍野筋#5", "昭和町#5", "文の里#4", "天王寺町南#3", "王子町#4", "阪南町#7", "松崎町#4", "丸山通#2"],
  大阪市住吉区: ["長居#4", "我孫子#5", "苅田#10", "帝塚山中#5", "沢之町#2", "万代#6", "墨江#4", "大領#5"],
  大阪市東住吉区: ["駒川#5", "針中野#4", "今川#8", "湯里#6", "田辺#6", "杭全#8", "北田辺#6", "山坂#5"],
  大阪市西成区: ["岸里#3", "玉出西#2", "天下茶屋#3", "花園北#2", "千本中#2", "梅南#3", "松#3", "北津守#4"],
  大阪市淀川区: ["十三本町#3", "西中島#7", "宮原#5", "三国本町#3", "塚本#6", "加島#4", "東三国#6", "野中南#2", "新高#6"],
  大阪市鶴見区: ["鶴見#6", "今津中#5", "緑#4", "横堤#5", "茨田大宮#4", "放出東#3", "浜#5"],
  大阪市平野区: ["平野本町#5", "喜連#7", "長吉長原#4", "加美東#7", "瓜破#7", "背戸口#5", "平野西#6"],
  大阪市都島区: ["都島本通#5", "東野田町#5", "片町#2", "中野町#5", "高倉町#3", "内代町#4", "善源寺町#2", "毛馬町#5"],
  大阪市福島区: ["福島#8", "海老江#8", "鷺洲#5", "野田#6", "吉野#5", "玉川#4", "大開#4"],
  大阪市此花区: ["西九条#7", "四貫島#2", "春日出北#3", "伝法#6", "梅香#3", "酉島#6", "高見#3"],
  大阪市港区: ["弁天#6", "市岡#4", "八幡屋#4", "磯路#3", "築港#4", "田中#3", "夕凪#2"],
  大阪市大正区: ["三軒家東#6", "泉尾#7", "千島#3", "小林東#3", "鶴町#5", "平尾#5"],
  大阪市住之江区: ["粉浜#3", "北加賀屋#5", "中加賀屋#4", "住之江#3", "浜口東#3", "御崎#7", "西住之江#4", "南港中#6"],
  吹田市: ["千里山西#6", "江坂町#5", "豊津町", "垂水町#3", "片山町#4", "岸部北#5", "山田東#4", "佐竹台#6", "南金田#2", "昭和町"],
  豊中市: ["服部元町#2", "庄内東町#6", "曽根東町#6", "岡町北#3", "本町#9", "螢池中町#4", "新千里東町#3", "上野東#3", "豊南町南#6"],
  池田市: ["石橋#4", "栄本町", "室町", "城南#3", "天神#2"],
  箕面市: ["箕面#6", "桜井#2", "牧落#5", "西小路#5", "船場東#3"],
  茨木市: ["春日#5", "双葉町", "舟木町", "中穂積#3", "東中条町", "西駅前町", "上穂積#4", "沢良宜西#4"],
  高槻市: ["城北町#2", "芥川町#4", "北園町", "富田町#6", "大畑町", "高槻町", "上田辺町", "野見町"],
  摂津市: ["千里丘#7", "正雀#4", "鳥飼本町#5", "香露園", "東正雀"],
  島本町: ["桜井#5", "水無瀬#2", "広瀬#5"],
  豊能町: ["光風台#7", "新光風台#5"],
  能勢町: ["今西", "森上", "宿野"],
  尼崎市: ["塚口町#6", "武庫之荘#9", "立花町#4", "南塚口町#8", "杭瀬本町#3", "七松町#3", "大物町#2", "昭和通#9", "潮江#5", "東難波町#5"],
  西宮市: ["甲子園口#6", "北口町", "高松町", "今津曙町", "甲東園#3", "羽衣町", "松原町", "用海町", "平木町", "戸田町", "鳴尾町#5", "上甲子園#5"],
  芦屋市: ["大原町", "業平町", "精道町", "茶屋之町", "船戸町", "打出小槌町", "春日町"],
  伊丹市: ["伊丹#8", "中央#6", "西台#5", "昆陽#8", "稲野町#8", "南本町#8"],
  宝塚市: ["栄町#3", "中山寺#3", "売布#4", "小林#5", "逆瀬川#2", "清荒神#5", "安倉中#6"],
  川西市: ["栄町", "小花#2", "火打#2", "花屋敷#2", "久代#6", "多田桜木#2", "東多田#3"],
  三田市: ["駅前町", "中央町", "天神#3", "弥生が丘#6", "富士が丘#6", "三輪#5"],
  猪名川町: ["白金#3", "伏見台#5", "松尾台#4"],
  守口市: ["京阪本通#2", "八雲東町#2", "寺内町#2", "金田町#6", "東郷通#3", "大日町#4"],
  門真市: ["古川町", "元町", "新橋町", "末広町", "石原町", "幸福町", "栄町"],
  寝屋川市: ["早子町", "香里南之町", "萱島本町", "八坂町", "池田#3", "秦町", "田井町"],
  枚方市: ["岡東町", "岡本町", "伊加賀本町", "香里ケ丘#12", "楠葉並木#2", "牧野阪#3", "宮之阪#5", "御殿山町", "星丘#4"],
  交野市: ["私部#8", "郡津#5", "星田#9", "倉治#8", "幾野#6"],
  大東市: ["赤井#3", "住道#2", "末広町", "野崎#4", "新町", "錦町", "御供田#5"],
  四條畷市: ["岡山#5", "中野本町", "楠公#2", "雁屋北町"],
  東大阪市: ["長田#3", "小阪#3", "御厨#6", "長堂#3", "永和#3", "高井田元町#2", "菱屋西#6", "若江本町#4", "瓢箪山町", "花園東町#3", "吉田#9", "稲田本町#3"],
  八尾市: ["北本町#4", "光町#2", "東本町#5", "山本町#5", "高安町北#6", "久宝寺#6", "安中町#9", "恩智中町#5"],
  柏原市: ["上市#4", "法善寺#4", "国分本町#7", "堂島町", "旭ケ丘#4", "古町#3"],
  堺市堺区: ["中瓦町#2", "三国ヶ丘御幸通", "宿院町東#4", "大浜北町#5", "北瓦町#2", "錦之町東#2", "向陵中町#6", "南旅篭町東#4"],
  堺市中区: ["深井中町", "深井沢町", "東山", "土塔町", "八田寺町"],
  堺市東区: ["北野田", "日置荘西町#8", "白鷺町#3", "南野田"],
  堺市西区: ["鳳東町#7", "鳳南町#5", "津久野町#3", "浜寺石津町西#5", "上野芝向ヶ丘町#6"],
  堺市南区: ["三原台#4", "茶山台#3", "竹城台#4", "原山台#5", "晴美台#4"],
  堺市北区: ["中百舌鳥町#6", "百舌鳥梅町#3", "東浅香山町#4", "長曽根町", "金岡町", "新金岡町#5"],
  堺市美原区: ["黒山", "平尾", "多治井", "北余部"],
  岸和田市: ["宮本町", "北町", "加守町#4", "八阪町#3", "春木若松町", "上町"],
  泉大津市: ["旭町", "式内町", "東雲町", "松之浜町#2", "池浦町#5"],
  貝塚市: ["海塚#3", "近木町", "堀#4", "石才", "二色#2"],
  泉佐野市: ["上町#3", "若宮町", "日根野", "笠松#2", "松風台#3"],
  富田林市: ["本町", "若松町#5", "喜志町#5", "向陽台#3", "富美ケ丘町"],
  河内長野市: ["本町", "長野町", "菊水町", "千代田南町", "木戸#3"],
  松原市: ["阿保#7", "天美東#9", "上田#8", "新堂#5", "田井城#6"],
  和泉市: ["府中町#8", "伯太町#6", "和気町#4", "いぶき野#5", "唐国町#3"],
  羽曳野市: ["古市#7", "樫山", "高鷲#10", "恵我之荘#6", "伊賀#5"],
  高石市: ["千代田#6", "高師浜#4", "羽衣#5", "綾園#7", "東羽衣#7"],
  藤井寺市: ["岡#2", "春日丘#3", "藤井寺#4", "道明寺#6", "野中#5"],
  泉南市: ["樽井#9", "信達市場", "岡田#5", "新家"],
  大阪狭山市: ["狭山#5", "池尻中#3", "半田#6", "大野台#7"],
  阪南市: ["尾崎町#9", "鳥取", "舞#5", "桃の木台#8"],
  神戸市東灘区: ["御影本町#8", "住吉本町#3", "岡本#9", "本山北町#6", "魚崎北町#7", "深江本町#4", "甲南町#5"],
  神戸市灘区: ["六甲町#5", "水道筋#6", "岩屋北町#7", "篠原本町#5", "森後町#3", "宮山町#3"],
  神戸市中央区: ["北長狭通#8", "元町通#7", "中山手通#8", "下山手通#9", "磯上通#8", "二宮町#4", "琴ノ緒町#5", "港島中町#8"],
  神戸市兵庫区: ["湊町#4", "新開地#6", "大開通#10", "荒田町#4", "塚本通#8", "水木通#10"],
  神戸市長田区: ["若松町#11", "腕塚町#10", "御蔵通#7", "長田町#7", "梅ケ香町#2", "二葉町#10"],
  神戸市須磨区: ["大黒町#5", "須磨本町#2", "板宿町#3", "飛松町#5", "千歳町#4", "天神町#5"],
  神戸市垂水区: ["神田町", "平磯#4", "星が丘#3", "塩屋町#9", "日向#2", "霞ケ丘#7"],
  神戸市北区: ["鈴蘭台北町#9", "有野中町#4", "北五葉#7", "藤原台中町#7", "谷上東町", "南五葉#6"],
  神戸市西区: ["伊川谷町有瀬", "学園西町#8", "玉津町今津", "竹の台#6", "王塚台#7", "糀台#5"],
  京都市北区: ["紫野西御所田町", "小山上総町", "大宮南田尻町", "紫竹西北町", "衣笠天神森町", "平野宮本町"],
  京都市上京区: ["一条殿町", "大宮町", "五辻町", "北町", "西町", "今小路町"],
  京都市左京区: ["田中里ノ前町", "北白川久保田町", "一乗寺里ノ西町", "下鴨松ノ木町", "高野竹屋町", "岡崎西天王町"],
  京都市中京区: ["西ノ京円町", "壬生賀陽御所町", "聚楽廻西町", "西ノ京星池町", "西ノ京中御門東町"],
  京都市東山区: ["本町#9", "今熊野宝蔵町", "福稲上高松町", "泉涌寺山内町"],
  京都市下京区: ["西七条南月読町", "七条御所ノ内本町", "朱雀正会町", "西七条北東野町", "中堂寺南町", "梅小路高畑町"],
  京都市南区: ["西九条藤ノ木町", "東九条上殿田町", "久世築山町", "唐橋羅城門町", "上鳥羽南唐戸町"],
  京都市右京区: ["西院東淳和院町", "太秦安井馬塚町", "梅津南上田町", "嵯峨野有栖川町", "山ノ内宮脇町", "西京極午塚町", "常盤馬塚町"],
  京都市伏見区: ["深草西浦町#8", "竹田西段川原町", "醍醐高畑町", "向島庚申町", "淀池上町", "深草直違橋#11"],
  京都市山科区: ["椥辻草海道町", "竹鼻竹ノ街道町", "東野八代", "御陵原西町", "音羽野田町", "西野山百々町"],
  京都市西京区: ["桂南滝川町", "大枝沓掛町", "上桂前田町", "川島玉頭町", "樫原水築町", "桂上野今井町"],
  宇治市: ["宇治", "小倉町", "大久保町", "木幡", "広野町", "伊勢田町", "五ケ庄"],
  長岡京市: ["神足#3", "天神#5", "開田#4", "長岡#3", "今里#5", "友岡#4"],
  向日市: ["寺戸町", "上植野町", "森本町", "鶏冠井町", "物集女町"],
  城陽市: ["寺田", "富野", "久世", "平川"],
  京田辺市: ["田辺中央#6", "河原", "三山木", "興戸"],
  亀岡市: ["篠町", "追分町", "古世町#3", "余部町", "曽我部町"],
};

const GENERIC_TOWNS = [
  "本町",
  "栄町",
  "緑町",
  "旭町",
  "幸町",
  "桜町",
  "中町",
  "新町",
  "南町",
  "東町",
  "西町",
  "北町",
  "若松町",
  "昭和町",
  "錦町",
  "宮前町",
  "寿町",
  "日吉町",
  "春日町",
  "大和町",
  "松原町",
  "末広町",
  "朝日町",
  "平和町",
  "宮本町",
  "住吉町",
];

const KANJI_NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];

export interface District {
  /** district_cd value, e.g. 天神橋四丁目 */
  full: string;
  /** town name without 丁目, e.g. 天神橋 */
  base: string;
}

export function pickDistrict(rng: Rng, muniName: string): District {
  const list = DISTRICTS[muniName];
  if (!list) {
    const base = rng.pick(GENERIC_TOWNS);
    return { full: `${base}${KANJI_NUM[rng.int(1, 5)]}丁目`, base };
  }
  const entry = rng.pick(list);
  const [base = entry, max] = entry.split("#");
  if (!max) return { full: base, base };
  return { full: `${base}${KANJI_NUM[rng.int(1, Number(max))]}丁目`, base };
}

/** 番地以下, e.g. 12-3 */
export function pickLocality(rng: Rng): string {
  return rng.chance(0.7) ? `${rng.int(1, 30)}-${rng.int(1, 25)}` : `${rng.int(1, 40)}番${rng.int(1, 30)}号`;
}

/** 吹田市 → 吹田, 大阪市北区 → 北区, 京都市中京区 → 中京 (for names). */
export function shortPlace(muniName: string): string {
  const ward = /市(.+区)$/.exec(muniName)?.[1];
  const base = ward ?? muniName;
  return base.replace(/[市町村]$/, "").replace(/区$/, ward && ward.length > 2 ? "" : "区");
}
