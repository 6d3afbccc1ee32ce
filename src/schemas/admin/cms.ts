import { toHalfWidth } from "@/schemas/common";
import { label, z } from "@/schemas/zod";

/**
 * CMS editor forms: blog posts and the content pages. Body text is Markdown;
 * the server renders it to sanitised HTML (body_html) on save.
 */
export const POST_STATUSES = [
  { key: "draft", name: "下書き" },
  { key: "scheduled", name: "予約公開" },
  { key: "published", name: "公開" },
] as const;
export type PostStatus = (typeof POST_STATUSES)[number]["key"];
const STATUS_KEYS = POST_STATUSES.map((s) => s.key) as [PostStatus, ...PostStatus[]];

export const CMS_PAGE_KEYS = ["about", "advantage", "corporate", "results", "staff", "faq", "terms", "privacy", "antisocial"] as const;
export type CmsPageKey = (typeof CMS_PAGE_KEYS)[number];
export const CMS_PAGE_NAMES: Record<CmsPageKey, string> = {
  about: "サービスについて",
  advantage: "当社の強み",
  corporate: "会社概要",
  results: "売買実績",
  staff: "スタッフ紹介",
  faq: "よくあるご質問",
  terms: "利用規約",
  privacy: "プライバシーポリシー",
  antisocial: "反社会的勢力に対する基本方針",
};
/** Which structured list each page keeps in `data` (edited as JSON). */
export const CMS_PAGE_DATA_FIELD: Partial<Record<CmsPageKey, string>> = {
  results: "records",
  staff: "staff",
  faq: "items",
  corporate: "rows",
  advantage: "points",
};

const blank = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** "YYYY-MM-DDTHH:mm" (datetime-local, Japan time) */
export const localDateTime = z
  .string()
  .overwrite((v) => toHalfWidth(v).trim().replace(" ", "T"))
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}+09:00`)));

export const postInput = z
  .object({
    title: label(z.string().trim().min(1, { abort: true }).max(120), "タイトル"),
    slug: label(
      z
        .string()
        .overwrite((v) => toHalfWidth(v).trim().toLowerCase())
        .min(1, { abort: true })
        .max(100)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "スラッグは半角英小文字・数字・ハイフンで入力してください" }),
      "スラッグ",
    ),
    category: label(z.string().regex(/^[a-z0-9_-]{1,40}$/), "カテゴリ", { select: true }),
    cover_image: label(
      z.preprocess(
        blank,
        z
          .string()
          .trim()
          .max(500)
          .regex(/^(\/|https:\/\/)[^\s"'<>]*$/, { error: "カバー画像は / または https:// で始まるURLを入力してください" })
          .optional(),
      ),
      "カバー画像",
    ),
    excerpt: label(z.preprocess(blank, z.string().trim().max(300).optional()), "概要"),
    body_md: label(z.string().max(100_000), "本文"),
    status: label(z.enum(STATUS_KEYS), "公開状態", { select: true }),
    published_at: label(z.preprocess(blank, localDateTime.optional()), "公開日時"),
  })
  .superRefine((v, ctx) => {
    if (v.status === "scheduled" && !v.published_at) {
      ctx.addIssue({ code: "custom", path: ["published_at"], message: "予約公開には公開日時を入力してください" });
    }
  });
export type PostInput = z.input<typeof postInput>;
export type PostOutput = z.output<typeof postInput>;

export const pageInput = z.object({
  key: z.enum(CMS_PAGE_KEYS),
  title: label(z.string().trim().min(1, { abort: true }).max(120), "タイトル"),
  description: label(z.preprocess(blank, z.string().trim().max(300).optional()), "説明文"),
  body_md: label(z.string().max(200_000), "本文"),
  /** The structured list as JSON text (pages with CMS_PAGE_DATA_FIELD only). */
  data_json: label(z.string().max(500_000).optional(), "構造化データ（JSON）"),
});
export type PageInput = z.input<typeof pageInput>;

export const postListInput = z.object({
  status: z.preprocess(blank, z.enum(STATUS_KEYS).optional()).catch(undefined),
  q: z.preprocess(blank, z.string().trim().max(100).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
