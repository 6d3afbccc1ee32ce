"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useRecaptcha } from "@/components/forms/use-recaptcha";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { ConsentNote } from "@/components/site-chrome/consent-note";
import { buttonVariants } from "@/components/ui/button-variants";
import { PlainButton } from "@/components/ui/plain-button";
import { PASSWORD_HINT } from "@/lib/constants/account";
import type { changePasswordInput, firstLoginInput, forgotPasswordInput, resetPasswordInput, signupInput } from "@/schemas/account";
import type { z } from "@/schemas/zod";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation } from "@/trpc/fetch-query";
import { carryOutIntent, currentIntent } from "./intent-client";

/** Validation with the shared schemas, loaded on first focus or submit (components/forms/lazy-resolver). */
const RESOLVERS = {
  signupInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.signupInput)),
  forgotPasswordInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.forgotPasswordInput)),
  resetPasswordInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.resetPasswordInput)),
  firstLoginInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.firstLoginInput)),
  changePasswordInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.changePasswordInput)),
};

const RECAPTCHA_FAILED = "認証サービスを読み込めませんでした。ページを再読み込みしてください。";

/** Sign-up step 1: the address; the answer is the same whether or not it is registered. */
export function SignupForm({ siteKey }: { siteKey?: string }) {
  const recaptcha = useRecaptcha(siteKey);
  const s = useSubmitStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<z.input<typeof signupInput>, unknown, z.output<typeof signupInput>>({ resolver: RESOLVERS.signupInput, defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      // The intent rides in the mailed link, so registering on another device still keeps it.
      await fetchMutation("public.auth.signup", { ...values, intent: currentIntent(), recaptcha_token: await recaptcha.execute("Signup") });
      s.succeed();
      setSentTo(values.email);
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["email"]));
    }
  });
  if (sentTo) {
    return (
      <FormAlert
        tone="success"
        message={`${sentTo} にメールを送信しました。メールに記載のURLから24時間以内に本登録を完了してください。メールが届かない場合は迷惑メールフォルダもご確認ください。`}
      />
    );
  }
  return (
    <form onFocus={RESOLVERS.signupInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={recaptcha.error ? RECAPTCHA_FAILED : s.message} />
      <TextField form={form} name="email" label="メールアドレス" type="email" autoComplete="email" required />
      <ConsentNote action="登録メールを送信する" />
      <PlainButton type="submit" variant="gold" size="lg" disabled={!recaptcha.ready || s.submitting}>
        {s.submitting ? "送信中…" : "登録メールを送信する"}
      </PlainButton>
    </form>
  );
}

/** Forgotten password (member with bot check, admin without). Same answer for any address. */
export function ForgotPasswordForm({ kind, siteKey }: { kind: "user" | "admin"; siteKey?: string }) {
  const recaptcha = useRecaptcha(kind === "user" ? siteKey : undefined);
  const s = useSubmitStatus();
  const [done, setDone] = useState(false);
  const form = useForm<z.input<typeof forgotPasswordInput>, unknown, z.output<typeof forgotPasswordInput>>({
    resolver: RESOLVERS.forgotPasswordInput,
    defaultValues: { email: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      if (kind === "user")
        await fetchMutation("public.auth.forgotPassword", { email: values.email, recaptcha_token: await recaptcha.execute("ForgotPassword") });
      else await fetchMutation("public.auth.adminForgotPassword", { email: values.email });
      s.succeed();
      setDone(true);
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["email"]));
    }
  });
  if (done) {
    return <FormAlert tone="success" message="ご登録のメールアドレス宛にパスワード再設定のご案内を送信しました。60分以内に手続きを完了してください。" />;
  }
  return (
    <form onFocus={RESOLVERS.forgotPasswordInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={recaptcha.error ? RECAPTCHA_FAILED : s.message} />
      <TextField form={form} name="email" label="メールアドレス" type="email" autoComplete="email" required />
      <PlainButton type="submit" size="lg" disabled={!recaptcha.ready || s.submitting}>
        {s.submitting ? "送信中…" : "再設定メールを送信する"}
      </PlainButton>
    </form>
  );
}

/** New password from a mailed reset link. */
export function ResetPasswordForm({ kind, token, loginPath }: { kind: "user" | "admin"; token: string; loginPath: string }) {
  const s = useSubmitStatus();
  const [done, setDone] = useState(false);
  const form = useForm<z.input<typeof resetPasswordInput>, unknown, z.output<typeof resetPasswordInput>>({
    resolver: RESOLVERS.resetPasswordInput,
    defaultValues: { token, password: "", password_confirmation: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await fetchMutation(kind === "user" ? "public.auth.resetPassword" : "public.auth.adminResetPassword", values);
      s.succeed();
      setDone(true);
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["password", "password_confirmation"]));
    }
  });
  if (done) {
    return (
      <div className="grid gap-4">
        <FormAlert tone="success" message="パスワードを再設定しました。新しいパスワードでログインしてください。" />
        <Link data-slot="button" className={buttonVariants({ size: "lg" })} href={loginPath}>
          ログイン画面へ
        </Link>
      </div>
    );
  }
  return (
    <form onFocus={RESOLVERS.resetPasswordInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      <TextField form={form} name="password" label="新しいパスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <TextField form={form} name="password_confirmation" label="新しいパスワード（確認）" type="password" autoComplete="new-password" required />
      <PlainButton type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "設定中…" : "パスワードを再設定する"}
      </PlainButton>
    </form>
  );
}

/** First login of a staff-registered account: replace the mailed initial password, then enter. */
export function FirstLoginForm({ kind, email, home }: { kind: "user" | "admin"; email: string; home: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof firstLoginInput>, unknown, z.output<typeof firstLoginInput>>({
    resolver: RESOLVERS.firstLoginInput,
    defaultValues: { email, current_password: "", password: "", password_confirmation: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await fetchMutation(kind === "user" ? "public.auth.firstLogin" : "public.auth.adminFirstLogin", values);
      s.succeed();
      invalidateCached("public.session.state");
      // The intent the member logged in with (the login form carried it here).
      router.push(kind === "user" ? await carryOutIntent(currentIntent(), home) : home);
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["email", "current_password", "password", "password_confirmation"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.firstLoginInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      <TextField form={form} name="email" label="メールアドレス" type="email" autoComplete="email" required />
      <TextField form={form} name="current_password" label="仮パスワード" type="password" autoComplete="current-password" required />
      <TextField form={form} name="password" label="新しいパスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <TextField form={form} name="password_confirmation" label="新しいパスワード（確認）" type="password" autoComplete="new-password" required />
      <PlainButton type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "設定中…" : "パスワードを設定してログイン"}
      </PlainButton>
    </form>
  );
}

/** The one-time login link mailed while the account is under attack: a button, so a mail scanner opening the URL does not use it. */
export function LoginLinkForm({ kind, token, home, loginPath }: { kind: "user" | "admin"; token: string; home: string; loginPath: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  async function onClick() {
    s.start();
    try {
      await fetchMutation(kind === "user" ? "public.auth.loginLink" : "public.auth.adminLoginLink", { token });
      s.succeed();
      invalidateCached("public.session.state");
      // The mailed link carries the intent of the login that asked for it (accounts/auth.ts mailLoginLink).
      router.push(kind === "user" ? await carryOutIntent(currentIntent(), home) : home);
      router.refresh();
    } catch (e) {
      s.fail(e instanceof Error ? e.message : "URLが無効です");
    }
  }
  return (
    <div className="grid gap-4">
      <FormAlert message={s.message} />
      <PlainButton size="lg" onClick={onClick} disabled={s.submitting || !token}>
        {s.submitting ? "ログイン中…" : "ログインする"}
      </PlainButton>
      <p className="text-sm">
        URLの有効期限が切れた場合は、
        <Link href={loginPath} className="font-bold text-gold-700 underline underline-offset-4">
          ログイン画面
        </Link>
        から改めてログインしてください。
      </p>
    </div>
  );
}

/** An invited staff member sets their password through the mailed one-time link, and is logged in. */
export function StaffInviteForm({ token, home }: { token: string; home: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof resetPasswordInput>, unknown, z.output<typeof resetPasswordInput>>({
    resolver: RESOLVERS.resetPasswordInput,
    defaultValues: { token, password: "", password_confirmation: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await fetchMutation("public.auth.adminAcceptInvite", values);
      s.succeed();
      invalidateCached("public.session.state");
      router.push(home);
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["password", "password_confirmation"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.resetPasswordInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      <TextField form={form} name="password" label="パスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <TextField form={form} name="password_confirmation" label="パスワード（確認）" type="password" autoComplete="new-password" required />
      <PlainButton type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "設定中…" : "パスワードを設定してログイン"}
      </PlainButton>
    </form>
  );
}

/** A staff member's own password change (also where a login with a weak password is held). */
export function AdminPasswordForm({ home, required }: { home: string; required: boolean }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<z.input<typeof changePasswordInput>, unknown, z.output<typeof changePasswordInput>>({
    resolver: RESOLVERS.changePasswordInput,
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await fetchMutation("admin.account.changePassword", values);
      s.succeed();
      form.reset();
      if (required) {
        router.push(home);
        router.refresh();
      }
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["current_password", "password", "password_confirmation"]));
    }
  });
  return (
    <form onFocus={RESOLVERS.changePasswordInput.preload} onSubmit={onSubmit} noValidate className="grid max-w-xl gap-5" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      {s.status === null ? <FormAlert tone="success" message="パスワードを変更しました。他の端末ではログアウトされました。" /> : null}
      <TextField form={form} name="current_password" label="現在のパスワード" type="password" autoComplete="current-password" required />
      <TextField form={form} name="password" label="新しいパスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
      <TextField form={form} name="password_confirmation" label="新しいパスワード（確認）" type="password" autoComplete="new-password" required />
      <PlainButton type="submit" size="lg" disabled={s.submitting}>
        {s.submitting ? "変更中…" : "パスワードを変更する"}
      </PlainButton>
    </form>
  );
}
