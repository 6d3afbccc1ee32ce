"use client";

// The plain-field sections after 土地: dealing terms, the agent (staff only), comments and the publication dates.

import { TRANSACTIONS, VACANCIES } from "@/lib/constants/investment";
import { AdminInput, AdminSelect, AdminTextarea, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

/** 現況・取引: occupancy, hand-over and the transaction type the display rules require. */
export function DealSection({ form }: { form: Form }) {
  return (
    <Section id="sec-deal" title="現況・取引">
      <div className={gridCols}>
        <AdminSelect form={form} name="vacancy.cd" label="現況" required choices={VACANCIES} />
        <AdminInput form={form} name="vacancy.other" label="現況（その他）" />
        <AdminInput form={form} name="assign" label="引渡し" hint="例：相談、即時" />
        <AdminSelect form={form} name="transactions" label="取引態様" choices={TRANSACTIONS} hint="公開には必須（表示規約）" />
      </div>
    </Section>
  );
}

/** 元付情報: the listing agent's details, for staff only (never on a public page). */
export function OriginalSection({ form }: { form: Form }) {
  return (
    <Section id="sec-original" title="元付情報（公開しません）">
      <div className={gridCols}>
        <AdminInput form={form} name="original.company" label="元付会社" />
        <AdminInput form={form} name="original.staff" label="元付担当者" />
        <AdminInput form={form} name="original.tel" label="元付電話番号" inputMode="tel" />
        <AdminInput form={form} name="original.reins" label="レインズ番号" />
        <AdminInput form={form} name="original.check_at" label="確認日" type="date" />
      </div>
    </Section>
  );
}

/** コメント: the catch copy (checked for banned words) and remarks. */
export function CommentsSection({ form }: { form: Form }) {
  return (
    <Section id="sec-comments" title="コメント">
      <AdminTextarea form={form} name="comments.main" label="キャッチコピー" rows={2} hint="禁止用語（絶対・格安・最高など）は使えません" />
      <AdminTextarea form={form} name="comments.sub" label="備考・コメント" rows={5} />
    </Section>
  );
}

/**
 * Japan time whatever the browser's or the server's zone: toLocaleString() printed the server's
 * (UTC) time into the HTML and the browser's own when hydrating, React error #418 on every load.
 */
const UPDATED_AT = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "medium", timeZone: "Asia/Tokyo" });

/** 掲載管理: the registration and next-update dates the display rules require before publishing. */
export function PublishSection({ form, updateAt }: { form: Form; updateAt: string | null }) {
  return (
    <Section id="sec-publish" title="掲載管理（表示規約）">
      <div className={gridCols}>
        <AdminInput form={form} name="registered_at" label="情報登録日" type="date" hint="公開には必須" />
        <AdminInput form={form} name="next_update_at" label="次回更新予定日" type="date" hint="公開には必須・情報更新日（保存日）から14日以内" />
      </div>
      {updateAt ? <p className="text-xs text-muted-foreground">最終更新 {UPDATED_AT.format(new Date(updateAt))}</p> : null}
    </Section>
  );
}
