"use client";

import { MEMBER_TYPES } from "@/lib/constants/account";
import { registerMemberInput } from "@/schemas/admin/accounts";
import { api } from "@/trpc/react";
import { AdminForm, AdminSubmitRow, useAdminForm } from "./admin-form";
import { AdminInput, AdminSelect, gridCols, Section } from "./form-fields";

const FIELDS = ["email", "names.last", "names.first", "kanas.last", "kanas.first", "type", "company", "tel"];

/** Staff register a member; the member receives a first-login mail with a random initial password. */
export function MemberRegisterForm({ base }: { base: string }) {
  const create = api.admin.accounts.create.useMutation();
  const { form, formProps } = useAdminForm({
    schema: registerMemberInput,
    defaultValues: { email: "", names: { last: "", first: "" }, kanas: { last: "", first: "" }, type: "individual", company: "", tel: "" },
    fields: FIELDS,
    save: async (values) => ({ goTo: `${base}/accounts/${(await create.mutateAsync(values)).id}` }),
  });
  const f = form as never;
  return (
    <AdminForm {...formProps} actions={<AdminSubmitRow submitting={formProps.submitting} label="登録して案内メールを送信" busyLabel="登録中…" />}>
      <Section title="会員情報">
        <AdminInput form={f} name="email" label="メールアドレス" required type="email" />
        <div className={gridCols}>
          <AdminInput form={f} name="names.last" label="姓" required />
          <AdminInput form={f} name="names.first" label="名" required />
          <AdminInput form={f} name="kanas.last" label="セイ" required />
          <AdminInput form={f} name="kanas.first" label="メイ" required />
          <AdminSelect form={f} name="type" label="会員種別" required choices={MEMBER_TYPES.map((t) => ({ id: t.key, name: t.name }))} />
          <AdminInput form={f} name="company" label="会社名" />
          <AdminInput form={f} name="tel" label="電話番号" inputMode="tel" />
        </div>
        <p className="text-xs text-muted-foreground">
          登録すると仮登録の状態になり、ランダムな仮パスワードを記載した案内メールが送信されます。会員は初回ログイン時に新しいパスワードを設定します（仮パスワードの有効期限は7日間）。
        </p>
      </Section>
    </AdminForm>
  );
}
