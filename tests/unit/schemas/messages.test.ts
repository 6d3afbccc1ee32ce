import { describe, expect, it } from "vitest";
import { formatDateJa, japaneseErrorMap, msg } from "@/schemas/messages";
import { fieldErrors, label, labelOf, z } from "@/schemas/zod";
import { notEqual, notOneOf, trimmed } from "@/schemas/common";

/** All messages of a failed parse (fails the test if the parse succeeds). */
function messagesOf(schema: z.core.$ZodType, value: unknown): string[] {
  const result = z.safeParse(schema, value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return result.error.issues.map((issue) => issue.message);
}

/** The single message of a failed parse. */
function messageOf(schema: z.core.$ZodType, value: unknown): string {
  const messages = messagesOf(schema, value);
  expect(messages).toHaveLength(1);
  return messages[0] as string;
}

/** Asserts the message for a labelled copy ("姓") and for the bare schema. */
function expectMessages(schema: z.core.$ZodType, value: unknown, labelled: string, unlabelled: string, text = "姓") {
  expect(messageOf(label(schema, text), value)).toBe(labelled);
  expect(messageOf(schema, value)).toBe(unlabelled);
}

const jst = (iso: string) => new Date(`${iso}T00:00:00+09:00`);

describe("installation", () => {
  it("is installed globally by importing @/schemas/zod", () => {
    expect(z.config().customError).toBe(japaneseErrorMap);
  });

  it("keeps an explicit message given on the schema", () => {
    expect(messageOf(label(z.string().min(3, { error: "独自メッセージ" }), "姓"), "a")).toBe("独自メッセージ");
  });
});

describe("required", () => {
  it("undefined", () => expectMessages(z.string(), undefined, "姓を入力してください", "入力してください"));
  it("null", () => expectMessages(z.string(), null, "姓を入力してください", "入力してください"));
  it("missing object key", () => {
    const schema = z.object({ last: label(z.string(), "姓"), first: z.string() });
    expect(messagesOf(schema, {})).toEqual(["姓を入力してください", "入力してください"]);
  });
  it("empty string for a required string (min 1)", () => expectMessages(z.string().min(1), "", "姓を入力してください", "入力してください"));
  it("empty string with a longer minimum still says required", () => expectMessages(z.string().min(3), "", "姓を入力してください", "入力してください"));
  it("empty string for a formatted string", () => expectMessages(z.email(), "", "姓を入力してください", "入力してください"));
  it("empty string for a number field", () => expectMessages(z.number(), "", "姓を入力してください", "入力してください"));
  it("select fields (enum) say 選択", () => expectMessages(z.enum(["a", "b"]), undefined, "都道府県を選択してください", "選択してください", "都道府県"));
  it("select fields (union of literals) say 選択", () =>
    expectMessages(z.union([z.literal(1), z.literal(2)]), undefined, "連絡方法を選択してください", "選択してください", "連絡方法"));
  it("label(..., { select: true }) forces 選択", () => {
    expect(messageOf(label(z.string(), "職業", { select: true }), undefined)).toBe("職業を選択してください");
  });
  it("nonoptional", () => {
    expect(messageOf(label(z.string(), "姓").optional().nonoptional(), undefined)).toBe("姓を入力してください");
  });
});

describe("wrong type / value", () => {
  it("wrong type", () => expectMessages(z.string(), 12, "姓の値が正しくありません", "値が正しくありません"));
  it("wrong type (object given to number)", () => expectMessages(z.number(), {}, "姓の値が正しくありません", "値が正しくありません"));
  it("NaN", () => expectMessages(z.number(), Number.NaN, "姓の値が正しくありません", "値が正しくありません"));
  it("wrong value (single literal)", () => expectMessages(z.literal("yes"), "no", "姓の値が正しくありません", "値が正しくありません"));
  it("one-of list", () =>
    expectMessages(z.enum(["a", "b", "c"]), "x", "姓は次のいずれかを指定してください: a, b, c", "次のいずれかを指定してください: a, b, c"));
  it("not-one-of list", () =>
    expectMessages(z.string().check(notOneOf(["admin", "root"])), "root", "姓には次の値を指定できません: admin, root", "次の値を指定できません: admin, root"));
  it("invalid date", () => expectMessages(z.date(), new Date("nope"), "姓の日付が正しくありません", "日付が正しくありません"));
});

describe("strings", () => {
  it("exact length", () => expectMessages(z.string().length(7), "123", "姓は7文字で入力してください", "7文字で入力してください"));
  it("exact length (too long)", () => expectMessages(z.string().length(2), "123", "姓は2文字で入力してください", "2文字で入力してください"));
  it("min length", () => expectMessages(z.string().min(3), "ab", "姓は3文字以上で入力してください", "3文字以上で入力してください"));
  it("max length", () => expectMessages(z.string().max(2), "abc", "姓は2文字以内で入力してください", "2文字以内で入力してください"));
  it("length counts Japanese characters", () => expectMessages(z.string().max(2), "山田太", "姓は2文字以内で入力してください", "2文字以内で入力してください"));
  it("pattern", () => expectMessages(z.string().regex(/^\d+$/), "abc", "姓の形式が正しくありません", "形式が正しくありません"));
  it("e-mail", () => {
    expect(messageOf(label(z.email(), "メールアドレス"), "a@")).toBe("メールアドレスの形式が正しくありません");
    expect(messageOf(label(z.string().check(z.email()), "連絡先"), "a@")).toBe("連絡先の形式が正しくありません");
    expect(messageOf(z.email(), "a@")).toBe("メールアドレスの形式が正しくありません");
  });
  it("URL", () => expectMessages(z.url(), "not a url", "ホームページの形式が正しくありません", "URLの形式が正しくありません", "ホームページ"));
  it("UUID", () => expectMessages(z.uuid(), "123", "IDの形式が正しくありません", "UUIDの形式が正しくありません", "ID"));
  it("other formats (ISO date)", () => expectMessages(z.iso.date(), "2024/01/01", "契約日の形式が正しくありません", "日付の形式が正しくありません", "契約日"));
  it("trimmed", () => expectMessages(z.string().check(trimmed()), " a ", "姓の前後に空白を入れないでください", "前後に空白を入れないでください"));
  it("lowercase", () => expectMessages(z.string().lowercase(), "Abc", "姓は小文字で入力してください", "小文字で入力してください"));
  it("uppercase", () => expectMessages(z.string().uppercase(), "Abc", "姓は大文字で入力してください", "大文字で入力してください"));
  it("starts with / ends with / includes", () => {
    expect(messageOf(z.string().startsWith("https://"), "x")).toBe("「https://」で始まる値を入力してください");
    expect(messageOf(label(z.string().endsWith(".jp"), "ドメイン"), "x")).toBe("ドメインは「.jp」で終わる値を入力してください");
    expect(messageOf(z.string().includes("@"), "x")).toBe("「@」を含む値を入力してください");
  });
});

describe("numbers", () => {
  it("min (inclusive, 以上)", () => expectMessages(z.number().min(10), 9, "姓は10以上で入力してください", "10以上で入力してください"));
  it("max (inclusive, 以下)", () => expectMessages(z.number().max(10), 11, "姓は10以下で入力してください", "10以下で入力してください"));
  it("more than (exclusive, より大きい)", () =>
    expectMessages(z.number().gt(10), 10, "姓は10より大きい値を入力してください", "10より大きい値を入力してください"));
  it("less than (exclusive, 未満)", () =>
    expectMessages(z.number().lt(100000000), 100000000, "価格は100000000未満で入力してください", "100000000未満で入力してください", "価格"));
  it("not equal", () => expectMessages(z.number().check(notEqual(0)), 0, "姓は0以外の値を入力してください", "0以外の値を入力してください"));
  it("positive", () => expectMessages(z.number().positive(), 0, "姓は正の数で入力してください", "正の数で入力してください"));
  it("negative", () => expectMessages(z.number().negative(), 0, "姓は負の数で入力してください", "負の数で入力してください"));
  it("nonnegative uses 以上", () => expectMessages(z.number().nonnegative(), -1, "姓は0以上で入力してください", "0以上で入力してください"));
  it("integer", () => expectMessages(z.number().int(), 1.5, "姓は整数で入力してください", "整数で入力してください"));
  it("integer (z.int())", () => expectMessages(z.int(), 1.5, "姓は整数で入力してください", "整数で入力してください"));
  it("multipleOf", () => expectMessages(z.number().multipleOf(5), 7, "姓は5の倍数で入力してください", "5の倍数で入力してください"));
  it("coerced numbers", () => expectMessages(z.coerce.number().min(1), "0", "姓は1以上で入力してください", "1以上で入力してください"));
});

describe("bigints", () => {
  it("min / max / wrong type", () => {
    expectMessages(z.bigint().min(5n), 4n, "姓は5以上で入力してください", "5以上で入力してください");
    expectMessages(z.bigint().max(5n), 6n, "姓は5以下で入力してください", "5以下で入力してください");
    expectMessages(z.bigint().positive(), 0n, "姓は正の数で入力してください", "正の数で入力してください");
    expectMessages(z.bigint(), 1, "姓の値が正しくありません", "値が正しくありません");
  });
  it("multipleOf", () => expectMessages(z.bigint().multipleOf(3n), 4n, "姓は3の倍数で入力してください", "3の倍数で入力してください"));
});

describe("dates", () => {
  it("formats dates as YYYY年M月D日 (Japan time)", () => {
    expect(formatDateJa(jst("2024-04-01"))).toBe("2024年4月1日");
    expect(formatDateJa(new Date("2024-12-31T15:00:00Z").getTime())).toBe("2025年1月1日");
  });
  it("min (inclusive)", () =>
    expectMessages(
      z.date().min(jst("2024-04-01")),
      jst("2024-03-31"),
      "契約日は2024年4月1日以降の日付を入力してください",
      "2024年4月1日以降の日付を入力してください",
      "契約日",
    ));
  it("max (inclusive)", () =>
    expectMessages(
      z.date().max(jst("2024-04-01")),
      jst("2024-04-02"),
      "契約日は2024年4月1日以前の日付を入力してください",
      "2024年4月1日以前の日付を入力してください",
      "契約日",
    ));
  it("exclusive bounds", () => {
    expect(messageOf(z.date().check(z.gt(jst("2024-04-01"))), jst("2024-04-01"))).toBe("2024年4月1日より後の日付を入力してください");
    expect(messageOf(z.date().check(z.lt(jst("2024-04-01"))), jst("2024-04-01"))).toBe("2024年4月1日より前の日付を入力してください");
  });
});

describe("objects, arrays, unions, custom", () => {
  it("unknown object keys", () => {
    const schema = z.strictObject({ a: z.string() });
    expect(messageOf(schema, { a: "x", b: 1, c: 2 })).toBe("不明な項目が含まれています: b, c");
    expect(messageOf(label(schema, "住所"), { a: "x", b: 1 })).toBe("住所に不明な項目が含まれています: b");
  });
  it("array min count", () => expectMessages(z.array(z.string()).min(1), [], "種別は1件以上選択してください", "1件以上選択してください", "種別"));
  it("array max count", () =>
    expectMessages(z.array(z.string()).max(2), ["a", "b", "c"], "種別は2件以内で選択してください", "2件以内で選択してください", "種別"));
  it("array exact count", () => expectMessages(z.array(z.string()).length(2), ["a"], "種別は2件選択してください", "2件選択してください", "種別"));
  it("required array says 選択", () => expectMessages(z.array(z.string()), undefined, "種別を選択してください", "選択してください", "種別"));
  it("union failure", () => expectMessages(z.union([z.string(), z.number()]), true, "姓の値が正しくありません", "値が正しくありません"));
  it("union with a single close option reports that option (labelled)", () =>
    expect(messageOf(label(z.union([z.string().min(3), z.number()]), "姓"), "ab")).toBe("姓は3文字以上で入力してください"));
  it("invalid record keys", () => {
    expect(messageOf(label(z.record(z.string().min(2), z.string()), "設定"), { b: "x" })).toBe("設定に正しくない項目名が含まれています");
    expect(messageOf(z.record(z.string().min(2), z.string()), { b: "x" })).toBe("正しくない項目名が含まれています");
  });
  it("custom (plain refine)", () =>
    expectMessages(
      z.string().refine((v) => v !== "x"),
      "x",
      "姓の値が正しくありません",
      "値が正しくありません",
    ));
  it("custom with params.kind", () => {
    const required = z.string().refine(() => false, { params: { kind: "required" } });
    expectMessages(required, "x", "姓を入力してください", "入力してください");
    const mismatch = z.string().refine(() => false, { params: { kind: "mismatch" } });
    expectMessages(mismatch, "x", "パスワード（確認）が一致しません", "一致しません", "パスワード（確認）");
  });
  it("custom with params.label", () => {
    const schema = z.string().refine(() => false, { params: { kind: "required", label: "その他の内容" } });
    expect(messageOf(schema, "x")).toBe("その他の内容を入力してください");
  });
  it("object refine with a path uses the child's label", () => {
    const schema = z
      .object({ job: label(z.enum(["a", "other"]), "職業"), jobOther: label(z.string(), "職業（その他）") })
      .refine((v) => v.job !== "other" || v.jobOther !== "", { path: ["jobOther"], params: { kind: "required" } });
    expect(messagesOf(schema, { job: "other", jobOther: "" })).toEqual(["職業（その他）を入力してください"]);
  });
  it("superRefine on a nested object uses the child's label and select flag", () => {
    const contact = z.object({ methods: z.array(z.string()), time: label(z.enum(["am", "pm"]).optional(), "連絡時間帯") }).superRefine((v, ctx) => {
      if (v.methods.includes("tel") && !v.time) ctx.addIssue({ code: "custom", path: ["time"], params: { kind: "required" } });
    });
    const result = z.object({ contact }).safeParse({ contact: { methods: ["tel"] } });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({ "contact.time": ["連絡時間帯を選択してください"] });
  });
  it("refine with a path on a nested object", () => {
    const schema = z.object({
      inquiry: z
        .object({ kind: z.string(), other: label(z.string(), "その他の内容") })
        .refine((v) => v.kind !== "other" || v.other !== "", { path: ["other"], params: { kind: "required" } }),
    });
    const result = schema.safeParse({ inquiry: { kind: "other", other: "" } });
    expect(result.error && fieldErrors(result.error)).toEqual({ "inquiry.other": ["その他の内容を入力してください"] });
  });
  it("a root-level check of a nested labelled object keeps the object's label", () => {
    const address = label(
      z.strictObject({ zip: z.string() }).superRefine((_v, ctx) => ctx.addIssue({ code: "custom" })),
      "住所",
    );
    const result = z.object({ address }).safeParse({ address: { zip: "1" } });
    expect(result.error && fieldErrors(result.error)).toEqual({ address: ["住所の値が正しくありません"] });
  });
  it("message builders are exported for reuse", () => {
    expect(msg.required("姓")).toBe("姓を入力してください");
    expect(msg.required(undefined, true)).toBe("選択してください");
  });
});

describe("labels through wrappers", () => {
  const inner = () => z.string().min(3);
  const cases: [string, z.core.$ZodType][] = [
    ["label then optional", label(inner(), "姓").optional()],
    ["optional then label", label(inner().optional(), "姓")],
    ["label then nullable", label(inner(), "姓").nullable()],
    ["nullable then label", label(inner().nullable(), "姓")],
    ["nullish then label", label(inner().nullish(), "姓")],
    ["label then default", label(inner(), "姓").default("abc")],
    ["default then label", label(inner().default("abc"), "姓")],
    ["prefault then label", label(inner().prefault("abc"), "姓")],
    ["readonly then label", label(inner().readonly(), "姓")],
    ["label then pipe", label(inner(), "姓").pipe(z.string())],
    ["pipe then label", label(z.string().pipe(inner()), "姓")],
    ["label then preprocess", z.preprocess((v) => v, label(inner(), "姓"))],
    [
      "preprocess then label",
      label(
        z.preprocess((v) => v, inner()),
        "姓",
      ),
    ],
    ["label then transform", label(inner(), "姓").transform((v) => v.length)],
    [
      "transform then label",
      label(
        inner().transform((v) => v.length),
        "姓",
      ),
    ],
    ["label then refine", label(inner(), "姓").refine(() => true)],
    [
      "refine then label",
      label(
        inner().refine(() => true),
        "姓",
      ),
    ],
    ["label then check", label(z.string(), "姓").min(3)],
    ["label then describe/meta", label(inner(), "姓").describe("説明").meta({ title: "t" })],
    ["label then or empty literal", label(inner(), "姓").or(z.literal(""))],
    ["union then label", label(z.union([inner(), z.number()]), "姓")],
  ];
  it.each(cases)("%s", (_name, schema) => {
    expect(messageOf(schema, "ab")).toBe("姓は3文字以上で入力してください");
  });

  it("refinements on a wrapper find the label of the wrapped field", () => {
    const schema = label(z.string(), "姓")
      .optional()
      .refine((v) => v !== "x");
    expect(messageOf(schema, "x")).toBe("姓の値が正しくありません");
    const piped = label(z.string(), "姓")
      .transform((v) => v.trim())
      .refine((v) => v !== "x");
    expect(messageOf(piped, "x")).toBe("姓の値が正しくありません");
  });

  it("required message through optional→label→preprocess", () => {
    const schema = label(
      z.preprocess((v) => (v === "" ? undefined : v), z.string()),
      "姓",
    );
    expect(messageOf(schema, "")).toBe("姓を入力してください");
  });

  it("does not mutate the schema passed in", () => {
    const base = z.string().min(3);
    const last = label(base.optional(), "姓");
    const first = label(base.optional(), "名");
    expect(messageOf(last, "a")).toBe("姓は3文字以上で入力してください");
    expect(messageOf(first, "a")).toBe("名は3文字以上で入力してください");
    expect(messageOf(base, "a")).toBe("3文字以上で入力してください");
    expect(labelOf(base)).toBeUndefined();
  });

  it("relabelling overrides the previous label", () => {
    expect(messageOf(label(label(z.string(), "姓").optional(), "お名前"), 1)).toBe("お名前の値が正しくありません");
  });

  it("keeps function defaults lazy when cloning", () => {
    let n = 0;
    const schema = label(
      z.number().default(() => ++n),
      "番号",
    );
    expect(schema.parse(undefined)).toBe(1);
    expect(schema.parse(undefined)).toBe(2);
  });

  it("honours .meta({ label }) as a fallback", () => {
    expect(messageOf(z.string().meta({ label: "市区町村" }), undefined)).toBe("市区町村を入力してください");
  });

  it("labelOf reads through wrappers", () => {
    expect(labelOf(label(z.string(), "姓").optional().default("x"))).toEqual({ label: "姓" });
    expect(labelOf(label(z.enum(["a"]), "区分", { select: true }))).toEqual({ label: "区分", select: true });
  });

  it("nested objects keep each field's label", () => {
    const schema = label(z.object({ last: label(z.string(), "姓"), first: z.string() }), "氏名");
    expect(messagesOf(schema, { first: 1 })).toEqual(["姓を入力してください", "値が正しくありません"]);
  });
});

describe("fieldErrors", () => {
  const schema = z.object({
    names: z.object({ last: label(z.string().min(1), "姓"), first: label(z.string().min(1), "名") }),
    contact: z.object({ method: label(z.enum(["tel", "mail"]), "連絡方法") }),
    items: z.array(z.object({ name: label(z.string().max(3), "品名") })).min(1),
  });

  it("keys messages by dotted path for nested objects and arrays", () => {
    const result = schema.safeParse({ names: { last: "", first: "太郎" }, contact: {}, items: [{ name: "ok" }, { name: "long!" }] });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual({
      "names.last": ["姓を入力してください"],
      "contact.method": ["連絡方法を選択してください"],
      "items.1.name": ["品名は3文字以内で入力してください"],
    });
  });

  it("puts root errors under _", () => {
    const root = z
      .object({ a: z.string() })
      .strict()
      .refine((v) => v.a !== "x", { params: { label: "入力内容" } });
    const unknown = root.safeParse({ a: "y", extra: 1 });
    expect(unknown.error && fieldErrors(unknown.error)).toEqual({ _: ["不明な項目が含まれています: extra"] });
    const refined = root.safeParse({ a: "x" });
    expect(refined.error && fieldErrors(refined.error)).toEqual({ _: ["入力内容の値が正しくありません"] });
    const notObject = z.object({}).safeParse("str");
    expect(notObject.error && fieldErrors(notObject.error)).toEqual({ _: ["値が正しくありません"] });
  });

  it("collects several messages per field without duplicates", () => {
    const s = z.object({
      code: label(
        z
          .string()
          .regex(/^\d+$/)
          .max(2)
          .refine(() => false),
        "コード",
      ),
    });
    const result = s.safeParse({ code: "abc" });
    expect(result.error && fieldErrors(result.error)).toEqual({
      code: ["コードの形式が正しくありません", "コードは2文字以内で入力してください", "コードの値が正しくありません"],
    });
    expect(
      fieldErrors({
        issues: [
          { code: "custom", path: ["a"], message: "同じ", input: undefined },
          { code: "custom", path: ["a"], message: "同じ", input: undefined },
        ],
      }),
    ).toEqual({ a: ["同じ"] });
  });

  it("treats a __proto__ key as data", () => {
    const out = fieldErrors({ issues: [{ code: "custom", path: ["__proto__"], message: "x", input: undefined }] });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
  });
});
