"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { carryOutIntent, currentIntent } from "@/components/auth/intent-client";
import { emptyProfile, PROFILE_FIELDS, ProfileFields } from "@/components/auth/profile-fields";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import { MATCHING_NOTIFICATIONS, PASSWORD_HINT } from "@/lib/constants/account";
import { hasAction } from "@/lib/intent";
import type { changeEmailInput, changePasswordInput, deleteAccountInput, notificationInput, profileInput } from "@/schemas/account";
import type { z } from "@/schemas/zod";
import { api } from "@/trpc/react";

/** Validation with the shared schemas, loaded on first focus or submit (components/forms/lazy-resolver). */
const RESOLVERS = {
  profileInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.profileInput)),
  changeEmailInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.changeEmailInput)),
  changePasswordInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.changePasswordInput)),
  notificationInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.notificationInput)),
  deleteAccountInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.deleteAccountInput)),
};

/** My Page account settings (spec §2, §7 POST /api/user, /email, /password, /delete, /notification). */

export function ProfileForm({ initial }: { initial: Partial<typeof emptyProfile> | null }) {
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof profileInput>, unknown, z.output<typeof profileInput>>({
    resolver: RESOLVERS.profileInput,
    defaultValues: { ...emptyProfile, ...initial } as z.input<typeof profileInput>,
  });
  const update = api.member.account.update.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await update.mutateAsync(values);
      s.succeed();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, PROFILE_FIELDS));
    }
  });
  return (
    <form onFocus={RESOLVERS.profileInput.preload} onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      {s.status === null ? <FormAlert tone="success" message="お客様情報を更新しました。" /> : null}
      <ProfileFields form={form} />
      <Button type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "更新中…" : "更新する"}
      </Button>
    </form>
  );
}

export function EmailForm({ current }: { current: string }) {
  const s = useSubmitStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof changeEmailInput>, unknown, z.output<typeof changeEmailInput>>({
    resolver: RESOLVERS.changeEmailInput,
    defaultValues: { email: "", password: "" },
  });
  const change = api.member.account.changeEmail.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await change.mutateAsync(values);
      s.succeed();
      setSentTo(values.email);
      form.reset();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["email", "password"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.changeEmailInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <p className="text-sm">
        現在のメールアドレス：<span className="font-bold">{current}</span>
      </p>
      {sentTo ? <FormAlert tone="success" message={`${sentTo} に確認メールを送信しました。メールのURLを開くと変更が完了します。`} /> : null}
      <FormAlert message={s.message} />
      <TextField form={form} name="email" label="新しいメールアドレス" type="email" autoComplete="email" required />
      <TextField
        form={form}
        name="password"
        label="パスワード"
        type="password"
        autoComplete="current-password"
        hint="確認のため現在のパスワードを入力してください"
        required
      />
      <Button type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "送信中…" : "確認メールを送信する"}
      </Button>
    </form>
  );
}

/** `required`: the session is held here for a weak password; once changed, the rest of My Page opens. */
export function PasswordForm({ required = false }: { required?: boolean }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof changePasswordInput>, unknown, z.output<typeof changePasswordInput>>({
    resolver: RESOLVERS.changePasswordInput,
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const change = api.member.account.changePassword.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      const r = await change.mutateAsync(values);
      if (!r.status) {
        // Spec §8: status false → 現在のパスワードが異なります / パスワードをご確認ください
        form.setError("current_password", { type: "server", message: "現在のパスワードが異なります" });
        s.fail("パスワードをご確認ください");
        return;
      }
      s.succeed();
      form.reset();
      if (!required) return;
      // Held here right after a login (weak password): now back where the member was, with
      // what they asked for done (the login form carried the intent here).
      const intent = currentIntent();
      if (intent.next || hasAction(intent)) router.push(await carryOutIntent(intent, "/mypage"));
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["current_password", "password", "password_confirmation"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.changePasswordInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      {s.status === null ? <FormAlert tone="success" message="パスワードを変更しました。他の端末ではログアウトされました。" /> : null}
      <TextField form={form} name="current_password" label="現在のパスワード" type="password" autoComplete="current-password" required />
      <TextField form={form} name="password" label="新しいパスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <TextField form={form} name="password_confirmation" label="新しいパスワード（確認）" type="password" autoComplete="new-password" required />
      <Button type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "変更中…" : "パスワードを変更する"}
      </Button>
    </form>
  );
}

export function NotificationForm({ initial }: { initial: z.output<typeof notificationInput> }) {
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof notificationInput>, unknown, z.output<typeof notificationInput>>({
    resolver: RESOLVERS.notificationInput,
    defaultValues: initial,
  });
  const save = api.member.account.setNotification.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await save.mutateAsync(values);
      s.succeed();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["matching", "newsletter"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.notificationInput.preload} onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      {s.status === null ? <FormAlert tone="success" message="メール配信設定を保存しました。" /> : null}
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-bold">保存した検索条件に合う新着・値下げ物件のお知らせ</legend>
        {MATCHING_NOTIFICATIONS.map((m) => (
          <label key={m.key} className="inline-flex items-center gap-2 text-sm">
            <input type="radio" value={m.key} className="size-4 accent-gold" {...form.register("matching")} />
            {m.name}
          </label>
        ))}
      </fieldset>
      <label className="inline-flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-gold" {...form.register("newsletter")} />
        メールマガジン（おすすめ物件・セミナー情報）を受け取る
      </label>
      <Button type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "保存中…" : "保存する"}
      </Button>
    </form>
  );
}

export function WithdrawForm() {
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof deleteAccountInput>, unknown, z.output<typeof deleteAccountInput>>({
    resolver: RESOLVERS.deleteAccountInput,
    defaultValues: { password: "" },
  });
  const remove = api.member.account.delete.useMutation();
  const onSubmit = form.handleSubmit(async (values) => {
    if (!window.confirm("退会すると、お気に入り・保存した検索条件は削除され、元に戻せません。退会しますか？")) return;
    s.start();
    try {
      await remove.mutateAsync(values);
      s.succeed();
      window.location.assign("/?withdrawn=1");
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["password"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.deleteAccountInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      <TextField form={form} name="password" label="パスワード" type="password" autoComplete="current-password" required />
      <Button type="submit" variant="destructive" size="lg" disabled={s.submitting}>
        {s.submitting ? "処理中…" : "退会する"}
      </Button>
    </form>
  );
}

/** The link mailed on an e-mail change: one click confirms (mail scanners that prefetch links change nothing). */
export function ConfirmEmail({ token }: { token: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const [email, setEmail] = useState<string | null>(null);
  const confirm = api.public.auth.confirmEmail.useMutation();
  async function onClick() {
    s.start();
    try {
      const r = await confirm.mutateAsync({ token });
      setEmail(r.email);
      s.succeed();
      router.refresh();
    } catch (e) {
      s.fail(e instanceof Error ? e.message : "URLが無効です");
    }
  }
  if (email) return <FormAlert tone="success" message={`メールアドレスを ${email} に変更しました。`} />;
  return (
    <div className="grid gap-4">
      <FormAlert message={s.message} />
      <Button size="lg" onClick={onClick} disabled={s.submitting || !token}>
        {s.submitting ? "変更中…" : "メールアドレスの変更を確定する"}
      </Button>
    </div>
  );
}
