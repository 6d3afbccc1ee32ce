"use client";

import { useMemo, useState } from "react";
import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { IMAGE_CATEGORIES } from "@/lib/constants/investment";
import { MAX_IMAGES } from "@/schemas/admin/investment";
import { Section } from "../form-fields";
import type { Form, StoredImageInfo } from "./types";

/** Photo upload (drag-and-drop or file picker) into staging, with drag-and-drop order, comment and category per image. */
export function ImagesSection({ form, stored, investmentId }: { form: Form; stored: StoredImageInfo[]; investmentId: number | null }) {
  // keyName "key": the image rows have an `id` of their own (the stored image's id)
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "images", keyName: "key" });
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const storedById = useMemo(() => new Map(stored.map((s) => [s.id, s])), [stored]);
  const srcOf = (img: { id?: unknown; token?: unknown }): string | null => {
    if (typeof img.token === "string" && img.token) return `/api/admin/images/staging/${img.token}/thumb`;
    const s = storedById.get(Number(img.id));
    return s && investmentId !== null ? `/api/admin/images/${investmentId}/${s.name}/thumb` : null;
  };

  async function uploadFiles(files: FileList | File[]) {
    setError(null);
    const list = [...files].slice(0, Math.max(0, MAX_IMAGES - fields.length));
    for (const file of list) {
      setUploading((n) => n + 1);
      try {
        const fd = new FormData();
        fd.set("file", file);
        const res = await fetch("/api/admin/images", { method: "POST", body: fd, credentials: "same-origin" });
        const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
        if (!res.ok || !body.token) setError(`${file.name}：${body.message ?? "アップロードに失敗しました"}`);
        else append({ token: body.token, comment: "", category: "photo" } as never);
      } catch {
        setError("アップロードに失敗しました。通信状況をご確認ください。");
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const imageError = (form.formState.errors.images as { message?: string } | undefined)?.message;
  return (
    <Section id="sec-images" title="画像">
      <div
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes("Files")) {
            e.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (e.dataTransfer.files.length) {
            e.preventDefault();
            setOver(false);
            void uploadFiles(e.dataTransfer.files);
          }
        }}
        className={`grid place-items-center gap-2 rounded-md border-2 border-dashed p-6 text-sm ${over ? "border-gold bg-gold-50" : "border-border"}`}
      >
        <p>ここに画像をドラッグ＆ドロップ、または</p>
        <label className="cursor-pointer rounded-md border border-primary-300 bg-white px-3 py-1.5 font-bold hover:bg-primary-50">
          画像を選択
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            aria-label="画像ファイル"
            onChange={(e) => {
              if (e.target.files) void uploadFiles(e.target.files);
              e.target.value = "";
            }}
          />
        </label>
        <p className="text-xs text-muted-foreground">JPEG・PNG・WebP、15MBまで。{MAX_IMAGES}枚まで。ドラッグで並べ替えできます。</p>
        {uploading > 0 ? <p role="status">アップロード中…（{uploading}件）</p> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {imageError ? (
        <p role="alert" className="text-sm text-error">
          {imageError}
        </p>
      ) : null}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="登録画像">
        {fields.map((f, i) => {
          const src = srcOf(f as { id?: unknown; token?: unknown });
          const itemError = (form.formState.errors.images as unknown as Record<number, { message?: string }> | undefined)?.[i]?.message;
          return (
            <li
              key={f.key}
              draggable
              onDragStart={() => setDragFrom(i)}
              onDragOver={(e) => {
                if (dragFrom !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragFrom !== null && dragFrom !== i) {
                  e.preventDefault();
                  move(dragFrom, i);
                }
                setDragFrom(null);
              }}
              className="grid gap-2 rounded-md border border-border bg-white p-3"
              data-testid="image-item"
            >
              <div className="relative aspect-[4/3] overflow-hidden rounded bg-muted">
                {src ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={src} alt={`画像${i + 1}`} className="size-full object-cover" />
                ) : null}
                <span className="absolute left-1 top-1 rounded bg-primary px-1.5 text-xs text-white">{i + 1}</span>
              </div>
              <input
                aria-label={`画像${i + 1}のコメント`}
                placeholder="コメント（任意）"
                className="h-8 rounded-md border border-primary-200 px-2 text-sm"
                {...form.register(`images.${i}.comment`)}
              />
              <select
                aria-label={`画像${i + 1}の種類`}
                className="h-8 rounded-md border border-primary-200 bg-white px-2 text-sm"
                {...form.register(`images.${i}.category`)}
              >
                {IMAGE_CATEGORIES.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </select>
              {itemError ? <p className="text-xs text-error">{itemError}</p> : null}
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`画像${i + 1}を前へ`}>
                  ←
                </Button>
                <Button size="sm" variant="ghost" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`画像${i + 1}を後ろへ`}>
                  →
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`画像${i + 1}を削除`}>
                  削除
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
