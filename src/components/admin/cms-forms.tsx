"use client";

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { PROSE_CLASSES } from "@/components/content/prose";
import { Button } from "@/components/ui/button";
import { cmsThumbOf } from "@/lib/cms-images";
import { pageInput, POST_STATUSES, postInput, type PageInput, type PostInput } from "@/schemas/admin/cms";
import { siteOptionsInput, type SiteOptionsInput } from "@/schemas/admin/options";
import type { z } from "@/schemas/zod";
import { POST_CATEGORIES } from "@/lib/constants/post-categories";
import { api } from "@/trpc/react";
import { AdminForm, AdminSubmitRow, useAdminForm, type AdminSaveOutcome } from "./admin-form";
import { AdminDeleteButton } from "./delete-button";
import { AdminInput, AdminSelect, AdminTextarea, gridCols, Section } from "./form-fields";

/** Markdown body with a rendered preview (the same renderer as the save). */
function MarkdownPreview({ md }: { md: string }) {
  const preview = api.admin.cms.preview.useMutation();
  return (
    <div className="grid gap-2">
      <div>
        <Button size="sm" variant="outline" onClick={() => preview.mutate({ body_md: md })} disabled={preview.isPending}>
          本文をプレビュー
        </Button>
      </div>
      {preview.data ? (
        // body_html from the server's sanitising renderer (see src/server/cms/editor.ts)
        <div className={`rounded-md border border-border bg-white p-4 ${PROSE_CLASSES}`} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
      ) : null}
    </div>
  );
}

const COVER_URL = /^(\/|https:\/\/)[^\s"'<>]*$/;

/**
 * The post's cover: upload an image (JPEG/PNG/WebP; the server checks the
 * bytes, re-encodes it to WebP under a generated name and answers its URL,
 * which fills the URL field) or type a URL. A thumbnail shows the current one.
 */
function CoverImageField({ form }: { form: UseFormReturn<PostInput, unknown, z.output<typeof postInput>> }) {
  const cover = useWatch({ control: form.control, name: "cover_image" });
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const value = typeof cover === "string" ? cover.trim() : "";
  const previewSrc = cmsThumbOf(value) ?? (COVER_URL.test(value) ? value : null);

  async function upload(file: File) {
    setError(null);
    setUploading(true);
    try {
      const fd = new FormData();
      fd.set("file", file);
      const res = await fetch("/api/admin/cms-images", { method: "POST", body: fd, credentials: "same-origin" });
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !body.url) setError(`${file.name}：${body.message ?? "アップロードに失敗しました"}`);
      else form.setValue("cover_image", body.url, { shouldDirty: true, shouldValidate: true });
    } catch {
      setError("アップロードに失敗しました。通信状況をご確認ください。");
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4" data-testid="cover-image">
      <legend className="px-1 text-sm font-bold">カバー画像</legend>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid aspect-[1200/630] w-48 place-items-center overflow-hidden rounded bg-muted text-xs text-muted-foreground">
          {previewSrc && failedSrc !== previewSrc ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={previewSrc} alt="カバー画像のプレビュー" className="size-full object-cover" onError={() => setFailedSrc(previewSrc)} />
          ) : previewSrc ? (
            <span>画像を読み込めません</span>
          ) : (
            <span>未設定</span>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <label className="cursor-pointer rounded-md border border-primary-300 bg-white px-3 py-1.5 text-sm font-bold focus-within:ring-2 focus-within:ring-gold-500 hover:bg-primary-50">
              画像をアップロード
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                aria-label="カバー画像ファイル"
                disabled={uploading}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload(file);
                  e.target.value = "";
                }}
              />
            </label>
            {value ? (
              <Button size="sm" variant="outline" onClick={() => form.setValue("cover_image", "", { shouldDirty: true, shouldValidate: true })}>
                カバー画像を外す
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">JPEG・PNG・WebP、15MBまで。WebPに変換して保存し、下のURL欄に入ります。</p>
          {uploading ? (
            <p role="status" className="text-sm">
              アップロード中…
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <AdminInput
        form={form as never}
        name="cover_image"
        label="カバー画像URL"
        hint="アップロードの代わりに、/ または https:// で始まるURLを入力することもできます"
      />
    </fieldset>
  );
}

/**
 * The Markdown body of a post or a content page: the textarea and, under it,
 * the rendered preview of what is typed now.
 */
function MarkdownBodyField<T extends { body_md: string }>({ form, rows, hint }: { form: UseFormReturn<T, unknown, unknown>; rows: number; hint?: string }) {
  const f = form as unknown as UseFormReturn<{ body_md: string }, unknown, unknown>;
  const bodyMd = useWatch({ control: f.control, name: "body_md" });
  return (
    <>
      <AdminTextarea form={f} name="body_md" label="本文（Markdown）" rows={rows} hint={hint} />
      <MarkdownPreview md={bodyMd ?? ""} />
    </>
  );
}

const POST_FIELDS = ["title", "slug", "category", "cover_image", "excerpt", "body_md", "status", "published_at"];

/** `previewBase` (PREVIEW_BASE_PATH, admins only): a saved post's preview opens there in a new tab. */
export function PostEditor({ base, previewBase, id, initial }: { base: string; previewBase?: string; id: number | null; initial: PostInput }) {
  const create = api.admin.cms.createPost.useMutation();
  const update = api.admin.cms.updatePost.useMutation();
  const remove = api.admin.cms.removePost.useMutation();
  const { form, formProps } = useAdminForm({
    schema: postInput,
    defaultValues: initial,
    fields: POST_FIELDS,
    save: async (values): Promise<AdminSaveOutcome> => {
      if (id === null) return { goTo: `${base}/cms/posts/${(await create.mutateAsync(values)).id}` };
      await update.mutateAsync({ id, ...values });
      return { saved: "保存しました", resetDirty: true };
    },
  });
  const f = form as never;
  return (
    <AdminForm
      {...formProps}
      actions={
        <AdminSubmitRow submitting={formProps.submitting} label={id === null ? "作成する" : "保存する"} className="flex flex-wrap items-center gap-3">
          {id !== null ? (
            <>
              {previewBase ? (
                <a href={`${previewBase}/blogs/${id}`} target="_blank" rel="noreferrer" className="text-sm underline">
                  プレビュー
                </a>
              ) : null}
              <AdminDeleteButton confirm="この記事を削除します。よろしいですか？" remove={() => remove.mutateAsync({ id })} then={`${base}/cms`}>
                削除
              </AdminDeleteButton>
            </>
          ) : null}
        </AdminSubmitRow>
      }
    >
      <Section title="記事">
        <AdminInput form={f} name="title" label="タイトル" required />
        <div className={gridCols}>
          <AdminInput form={f} name="slug" label="スラッグ" required hint="URL /blogs/スラッグ（半角英小文字・数字・ハイフン）" />
          <AdminSelect form={f} name="category" label="カテゴリ" required choices={POST_CATEGORIES.map((c) => ({ id: c.key, name: c.name }))} />
          <AdminSelect form={f} name="status" label="公開状態" required choices={POST_STATUSES.map((c) => ({ id: c.key, name: c.name }))} />
          <AdminInput form={f} name="published_at" label="公開日時" type="datetime-local" hint="予約公開は必須。空欄で公開すると今すぐ公開" />
        </div>
        <CoverImageField form={form} />
        <AdminTextarea form={f} name="excerpt" label="概要" rows={2} hint="空欄なら本文の冒頭から作成します" />
        <MarkdownBodyField form={form} rows={18} hint="## 見出し、### 小見出し、空行で段落" />
      </Section>
    </AdminForm>
  );
}

export function PageEditor({ initial, dataField }: { initial: PageInput; dataField: string | null }) {
  const save = api.admin.cms.savePage.useMutation();
  const { form, formProps } = useAdminForm({
    schema: pageInput,
    defaultValues: initial,
    fields: ["title", "description", "body_md", "data_json"],
    save: async (values) => {
      await save.mutateAsync(values);
    },
  });
  const f = form as never;
  return (
    <AdminForm {...formProps}>
      <Section title="ページ">
        <AdminInput form={f} name="title" label="タイトル" required />
        <AdminTextarea form={f} name="description" label="説明文（meta description）" rows={2} />
        <MarkdownBodyField form={form} rows={16} />
        {dataField ? (
          <AdminTextarea
            form={f}
            name="data_json"
            label={`構造化データ（JSON：${dataField}）`}
            rows={16}
            hint="配列で入力します。各項目の形式は既存の内容に合わせてください。"
          />
        ) : null}
      </Section>
    </AdminForm>
  );
}

export function SiteOptionsForm({
  initial,
  computed,
}: {
  initial: SiteOptionsInput;
  computed: { members: number; investment: { members: number; public: number } };
}) {
  const save = api.admin.options.save.useMutation();
  const { form, formProps } = useAdminForm({
    schema: siteOptionsInput,
    defaultValues: initial,
    fields: ["counts_override.members", "counts_override.investment.members", "counts_override.investment.public", "holiday_note"],
    save: async (values) => {
      await save.mutateAsync(values);
    },
  });
  const f = form as never;
  return (
    <AdminForm {...formProps}>
      <Section title="ヘッダーの件数表示">
        <p className="text-sm text-muted-foreground">件数は自動で集計されます。表示を変えたい項目だけ入力してください（空欄なら自動集計の値）。</p>
        <div className={gridCols}>
          <AdminInput
            form={f}
            name="counts_override.members"
            label="会員数"
            inputMode="numeric"
            hint={`自動集計：${computed.members.toLocaleString("ja-JP")}`}
          />
          <AdminInput
            form={f}
            name="counts_override.investment.members"
            label="会員限定物件数"
            inputMode="numeric"
            hint={`自動集計：${computed.investment.members.toLocaleString("ja-JP")}`}
          />
          <AdminInput
            form={f}
            name="counts_override.investment.public"
            label="公開物件数"
            inputMode="numeric"
            hint={`自動集計：${computed.investment.public.toLocaleString("ja-JP")}`}
          />
        </div>
      </Section>
      <Section title="休業のお知らせ">
        <AdminTextarea form={f} name="holiday_note" label="休業のお知らせ" rows={2} hint="例：年末年始は12月29日〜1月3日まで休業いたします。" />
      </Section>
    </AdminForm>
  );
}
