import { describe, expect, it } from "vitest";
import { digits, email, halfWidthDigits, ifFilled, katakana, nonZeroDecimal, password, requiredString, tel, toHalfWidth } from "@/schemas/common";
import { fieldErrors, z } from "@/schemas/zod";

function ok(schema: z.core.$ZodType, value: unknown): unknown {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new Error(`expected ${JSON.stringify(value)} to pass: ${result.error.issues[0]?.message}`);
  return result.data;
}

function errors(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return result.error.issues.map((issue) => issue.message);
}

describe("toHalfWidth / halfWidthDigits", () => {
  it("converts the FF01–FF5E range and leaves the rest alone", () => {
    expect(toHalfWidth("０１２３４５６７８９")).toBe("0123456789");
    expect(toHalfWidth("ＡＢＣｘｙｚ！～．－")).toBe("ABCxyz!~.-");
    expect(toHalfWidth("山田　ア ｱ")).toBe("山田　ア ｱ");
  });
  it("preprocesses strings before the inner schema", () => {
    const schema = halfWidthDigits(z.coerce.number().int());
    expect(ok(schema, "１２３")).toBe(123);
    expect(ok(schema, 7)).toBe(7);
    expect(errors(halfWidthDigits(z.string().regex(/^\d+$/)), "１２a")).toEqual(["形式が正しくありません"]);
  });
});

describe("requiredString", () => {
  const name = requiredString("姓", { max: 5 });
  it("accepts and trims", () => {
    expect(ok(name, "  山田 ")).toBe("山田");
    expect(ok(name, "山田太郎次")).toBe("山田太郎次");
  });
  it("treats empty and blank strings as missing", () => {
    expect(errors(name, "")).toEqual(["姓を入力してください"]);
    expect(errors(name, "   ")).toEqual(["姓を入力してください"]);
    expect(errors(name, "　")).toEqual(["姓を入力してください"]);
    expect(errors(name, undefined)).toEqual(["姓を入力してください"]);
    expect(errors(name, null)).toEqual(["姓を入力してください"]);
  });
  it("enforces max length", () => {
    expect(errors(name, "山田太郎次郎")).toEqual(["姓は5文字以内で入力してください"]);
  });
  it("has no max unless given", () => {
    expect(ok(requiredString("備考"), "あ".repeat(2000))).toHaveLength(2000);
  });
  it("reports the label inside objects", () => {
    const schema = z.object({ names: z.object({ last: requiredString("姓") }) });
    const result = schema.safeParse({ names: { last: " " } });
    expect(result.error && fieldErrors(result.error)).toEqual({ "names.last": ["姓を入力してください"] });
  });
});

describe("email", () => {
  const schema = email();
  it("accepts, trims and lowercases", () => {
    expect(ok(schema, " Taro.Yamada@Example.CO.JP ")).toBe("taro.yamada@example.co.jp");
  });
  it("converts full-width characters", () => {
    expect(ok(schema, "ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ")).toBe("taro@example.jp");
  });
  it("requires a value", () => {
    expect(errors(schema, "")).toEqual(["メールアドレスを入力してください"]);
    expect(errors(schema, undefined)).toEqual(["メールアドレスを入力してください"]);
  });
  it("rejects bad formats", () => {
    expect(errors(schema, "taro")).toEqual(["メールアドレスの形式が正しくありません"]);
    expect(errors(schema, "taro@")).toEqual(["メールアドレスの形式が正しくありません"]);
    expect(errors(schema, "a b@example.jp")).toEqual(["メールアドレスの形式が正しくありません"]);
  });
  it("rejects more than 254 characters with one message", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(long.length).toBe(255);
    expect(errors(schema, long)).toEqual(["メールアドレスは254文字以内で入力してください"]);
  });
  it("uses a custom label", () => {
    expect(errors(email("新しいメールアドレス"), "x")).toEqual(["新しいメールアドレスの形式が正しくありません"]);
  });
});

describe("tel", () => {
  const schema = tel("電話番号");
  it("accepts digits and hyphens of 10+ characters", () => {
    expect(ok(schema, "06-1234-5678")).toBe("06-1234-5678");
    expect(ok(schema, "0612345678")).toBe("0612345678");
    expect(ok(schema, "090-1234-5678")).toBe("090-1234-5678");
  });
  it("converts full-width digits and dash look-alikes first", () => {
    expect(ok(schema, "０６－１２３４－５６７８")).toBe("06-1234-5678");
    expect(ok(schema, "０６ー１２３４ー５６７８")).toBe("06-1234-5678");
    expect(ok(schema, "06−1234−5678")).toBe("06-1234-5678");
  });
  it("requires a value", () => {
    expect(errors(schema, "")).toEqual(["電話番号を入力してください"]);
    expect(errors(schema, undefined)).toEqual(["電話番号を入力してください"]);
  });
  it("rejects other characters", () => {
    expect(errors(schema, "06 1234 5678")).toEqual(["電話番号は半角数字とハイフンで入力してください"]);
    expect(errors(schema, "(06)1234-5678")).toEqual(["電話番号は半角数字とハイフンで入力してください"]);
    expect(errors(schema, "abc")).toEqual(["電話番号は半角数字とハイフンで入力してください"]);
  });
  it("requires at least 10 characters", () => {
    expect(errors(schema, "06-1234")).toEqual(["電話番号は10文字以上で入力してください"]);
    expect(errors(schema, "061234567")).toEqual(["電話番号は10文字以上で入力してください"]);
  });
  it("optional FAX validated only when filled", () => {
    const fax = ifFilled(tel("FAX番号"));
    expect(ok(fax, "")).toBeUndefined();
    expect(ok(fax, undefined)).toBeUndefined();
    expect(ok(fax, "06-1234-5679")).toBe("06-1234-5679");
    expect(errors(fax, "06")).toEqual(["FAX番号は10文字以上で入力してください"]);
  });
});

describe("password", () => {
  const schema = password();
  it("accepts 8+ half-width alphanumerics and symbols", () => {
    expect(ok(schema, "abc12345")).toBe("abc12345");
    expect(ok(schema, "P@ss-w0rd!~")).toBe("P@ss-w0rd!~");
  });
  it("requires a value", () => {
    expect(errors(schema, "")).toEqual(["パスワードを入力してください"]);
    expect(errors(schema, undefined)).toEqual(["パスワードを入力してください"]);
  });
  it("requires at least 8 characters (ASVS 5.0 6.2.1)", () => {
    expect(errors(schema, "abc12")).toEqual(["パスワードは8文字以上で入力してください"]);
    expect(errors(schema, "abc1234")).toEqual(["パスワードは8文字以上で入力してください"]);
  });
  it("rejects disallowed characters (one message)", () => {
    expect(errors(schema, "パスワード")).toEqual(["パスワードに使用できない文字が含まれています"]);
    expect(errors(schema, "abc 123")).toEqual(["パスワードに使用できない文字が含まれています"]);
    expect(errors(schema, "ａｂｃ１２３")).toEqual(["パスワードに使用できない文字が含まれています"]);
  });
  it("is not trimmed or normalised", () => {
    expect(errors(schema, " abc123")).toEqual(["パスワードに使用できない文字が含まれています"]);
  });
});

describe("katakana", () => {
  const schema = katakana("セイ");
  it("accepts full-width katakana with ー", () => {
    expect(ok(schema, "ヤマダ")).toBe("ヤマダ");
    expect(ok(schema, "ヴォーン")).toBe("ヴォーン");
    expect(ok(schema, " サトウ ")).toBe("サトウ");
  });
  it("requires a value", () => {
    expect(errors(schema, "")).toEqual(["セイを入力してください"]);
  });
  it("rejects anything else", () => {
    for (const bad of ["やまだ", "山田", "ﾔﾏﾀﾞ", "yamada", "ヤマ ダ", "ヤマダ1"]) {
      expect(errors(schema, bad)).toEqual(["セイは全角カタカナで入力してください"]);
    }
  });
  it("supports max and ifFilled", () => {
    expect(errors(katakana("セイ", { max: 3 }), "ヤマダタ")).toEqual(["セイは3文字以内で入力してください"]);
    const first = ifFilled(katakana("メイ"));
    expect(ok(first, "")).toBeUndefined();
    expect(errors(first, "たろう")).toEqual(["メイは全角カタカナで入力してください"]);
  });
});

describe("digits", () => {
  const schema = digits("自己資金");
  it("accepts half-width digits (full-width converted)", () => {
    expect(ok(schema, "1500")).toBe("1500");
    expect(ok(schema, "１５００")).toBe("1500");
  });
  it("rejects the rest", () => {
    expect(errors(schema, "")).toEqual(["自己資金を入力してください"]);
    expect(errors(schema, "1,500")).toEqual(["自己資金は半角数字で入力してください"]);
    expect(errors(schema, "1.5")).toEqual(["自己資金は半角数字で入力してください"]);
  });
});

describe("nonZeroDecimal", () => {
  const schema = nonZeroDecimal("価格");
  it("accepts digits with one optional decimal point", () => {
    expect(ok(schema, "1")).toBe("1");
    expect(ok(schema, "12345.67")).toBe("12345.67");
    expect(ok(schema, "0.5")).toBe("0.5");
    expect(ok(schema, "１２．５")).toBe("12.5");
  });
  it("requires a value", () => {
    expect(errors(schema, "")).toEqual(["価格を入力してください"]);
    expect(errors(schema, undefined)).toEqual(["価格を入力してください"]);
  });
  it("rejects other formats", () => {
    for (const bad of ["1.2.3", "1.", ".5", "-1", "1e3", "abc", "1,000"]) {
      expect(errors(schema, bad)).toEqual(["価格は数値で入力してください"]);
    }
  });
  it("rejects zero", () => {
    for (const zero of ["0", "00", "0.0", "０．００"]) {
      expect(errors(schema, zero)).toEqual(["価格は0以外の値を入力してください"]);
    }
  });
});
