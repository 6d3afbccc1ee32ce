"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import { MEMBER_TYPES } from "@/lib/constants/account";
import { registerMemberInput } from "@/schemas/admin/accounts";
import type { z } from "@/schemas/zod";
import { api } from "@/trpc/react";
import { AdminInput, AdminSelect, gridCols, Section } from "./form-fields";

type Values = z.input<typeof registerMemberInput>;
const FIELDS = ["email", "names.last", "names.first", "kanas.last", "kanas.first", "type", "company", "tel"];

/** Staff register a member; the member receives a first-login mail with a random initial password. */
export function MemberRegisterForm({ base }: { base: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<Values, unknown, z.output<typeof registerMemberInput>>({
    resolver: zodResolver(registerMemberInput),
    defaultValues: { email: "", names: { last: "", first: "" }, kanas: { last: "", first: "" }, type: "individual", company: "", tel: "" },
  });
  const create = api.admin.accounts.create.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      const r = await create.mutateAsync(values);
      s.succeed();
      router.push(`${base}/accounts/${r.id}`);
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, FIELDS));
    }
  });
  const f = form as never;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
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
      <div>
        <Button type="submit" variant="gold" disabled={s.submitting}>
          {s.submitting ? "登録中…" : "登録して案内メールを送信"}
        </Button>
      </div>
    </form>
  );
}
