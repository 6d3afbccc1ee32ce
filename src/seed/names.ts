/**
 * Name material for the seed: building names in the style of Kansai listings
 * and fictional people and companies.
 */
import type { Rng } from "./prng";

/** Katakana / European-style building name parts. */
export const MANSION_PREFIXES = [
  "ルミエール",
  "グランコート",
  "アーバンハイツ",
  "メゾン",
  "シャトー",
  "ロイヤルハイツ",
  "サンライズ",
  "エスポワール",
  "フォレスト",
  "クレスト",
  "ベルエア",
  "セレーノ",
  "リバーサイド",
  "エクセル",
  "カーサ",
  "ソレイユ",
  "プリマベーラ",
  "ラ・ルーチェ",
  "アルカディア",
  "ヴェルデ",
  "グランドール",
  "パークサイド",
  "コンフォート",
  "エトワール",
  "シャルム",
  "ル・シエル",
  "フォンテーヌ",
  "ブランシェ",
  "ノーブル",
  "セントラル",
  "プレジール",
  "グリーンヒル",
  "サンハイツ",
  "レジェンド",
  "アクア",
  "ドミール",
  "ベルメゾン",
  "エルミタージュ",
  "ヴィラージュ",
  "アネックス",
] as const;

export const MANSION_SUFFIXES = ["レジデンス", "コート", "ハイツ", "マンション", "ヒルズ", "テラス", "パレス", "グランデ"] as const;
export const NUMBERED = ["II", "III", "弐番館", "壱番館", "EAST", "WEST", "南館", "北館"] as const;

export const APARTMENT_PREFIXES = [
  "ハイツ",
  "コーポ",
  "メゾン",
  "ヴィラ",
  "フラット",
  "カーサ",
  "ベルメゾン",
  "サンハイツ",
  "グリーンハイツ",
  "ハイム",
  "ドミトリー",
  "アーバンハイツ",
  "フォレストハイツ",
  "セジュール",
  "ルミエール",
] as const;

/** Old wooden apartments are often 〇〇荘. */
export const SO_NAMES = ["みどり荘", "若葉荘", "松風荘", "桜荘", "朝日荘", "平和荘", "富士見荘", "清風荘", "青葉荘"] as const;

export const SURNAMES: readonly (readonly [string, string])[] = [
  ["山本", "ヤマモト"],
  ["田中", "タナカ"],
  ["中村", "ナカムラ"],
  ["松本", "マツモト"],
  ["井上", "イノウエ"],
  ["吉田", "ヨシダ"],
  ["山田", "ヤマダ"],
  ["山口", "ヤマグチ"],
  ["小林", "コバヤシ"],
  ["高橋", "タカハシ"],
  ["藤田", "フジタ"],
  ["西村", "ニシムラ"],
  ["前田", "マエダ"],
  ["岡本", "オカモト"],
  ["木村", "キムラ"],
  ["林", "ハヤシ"],
  ["清水", "シミズ"],
  ["橋本", "ハシモト"],
  ["森", "モリ"],
  ["池田", "イケダ"],
  ["阪口", "サカグチ"],
  ["北川", "キタガワ"],
  ["辻", "ツジ"],
  ["上田", "ウエダ"],
  ["谷口", "タニグチ"],
  ["藤原", "フジワラ"],
  ["村上", "ムラカミ"],
  ["堀", "ホリ"],
  ["大西", "オオニシ"],
  ["奥田", "オクダ"],
  ["坂本", "サカモト"],
  ["松田", "マツダ"],
  ["中川", "ナカガワ"],
  ["西田", "ニシダ"],
  ["宮本", "ミヤモト"],
];

export const GIVEN_NAMES: readonly (readonly [string, string])[] = [
  ["大輔", "ダイスケ"],
  ["健一", "ケンイチ"],
  ["誠", "マコト"],
  ["翔太", "ショウタ"],
  ["拓也", "タクヤ"],
  ["直樹", "ナオキ"],
  ["浩二", "コウジ"],
  ["隆", "タカシ"],
  ["和也", "カズヤ"],
  ["亮", "リョウ"],
  ["美咲", "ミサキ"],
  ["陽子", "ヨウコ"],
  ["恵", "メグミ"],
  ["由美", "ユミ"],
  ["裕子", "ユウコ"],
  ["真由美", "マユミ"],
  ["彩", "アヤ"],
  ["千尋", "チヒロ"],
  ["香織", "カオリ"],
  ["直美", "ナオミ"],
  ["修", "オサム"],
  ["哲也", "テツヤ"],
  ["健太", "ケンタ"],
  ["智子", "トモコ"],
  ["明美", "アケミ"],
];

export const AGENT_COMPANIES = [
  "なにわ住宅販売株式会社",
  "株式会社北摂ホーム",
  "阪神リアルティ株式会社",
  "株式会社淀川不動産",
  "京都ハウジング株式会社",
  "株式会社みなと地所",
  "泉州エステート株式会社",
  "株式会社六甲住宅センター",
  "河内不動産株式会社",
  "株式会社上町コーポレーション",
] as const;

export function personName(rng: Rng): { last: string; first: string; kanaLast: string; kanaFirst: string } {
  const [last, kanaLast] = rng.pick(SURNAMES);
  const [first, kanaFirst] = rng.pick(GIVEN_NAMES);
  return { last, first, kanaLast, kanaFirst };
}

/** A fictional number in the 0000 exchange, which no real subscriber line uses. */
export function fakeTel(rng: Rng, area = "06"): string {
  return `${area}-0000-${String(rng.int(0, 9999)).padStart(4, "0")}`;
}
