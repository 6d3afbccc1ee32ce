"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/server-errors";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { FormAlert } from "@/components/forms/field";
import { TextField } from "@/components/forms/text-field";
import { useRecaptcha } from "@/components/forms/use-recaptcha";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { PlainButton } from "@/components/ui/plain-button";
import { withIntent } from "@/lib/intent";
import { safeNextPath } from "@/lib/safe-next";
import { carryOutIntent, currentIntent } from "./intent-client";
import type { loginInput } from "@/schemas/account";
import type { z } from "@/schemas/zod";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation } from "@/trpc/fetch-query";

/** Validation with the shared schemas, loaded on first focus or submit (components/forms/lazy-resolver). */
const RESOLVERS = {
  loginInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.loginInput)),
};

type Values = z.input<typeof loginInput>;

/** Member or admin login (separate procedures, cookies and bot-check actions). */
export function LoginForm({
  kind,
  siteKey,
  home,
  firstLoginPath,
  forgotPath,
  changePasswordPath,
}: {
  kind: "user" | "admin";
  siteKey?: string;
  home: string;
  firstLoginPath: string;
  forgotPath: string;
  /** Where a login with a password that fails today's policy goes (status change_password). */
  changePasswordPath: string;
}) {
  const router = useRouter();
  const recaptcha = useRecaptcha(siteKey);
  const s = useSubmitStatus();
  const form = useForm<Values, unknown, z.output<typeof loginInput>>({ resolver: RESOLVERS.loginInput, defaultValues: { email: "", password: "" } });

  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      const recaptcha_token = await recaptcha.execute(kind === "user" ? "Login" : "AdminLogin");
      // A member's intent goes along: the first-login and password-change pages carry it out once
      // passed, and an account under attack gets it in the mailed login link.
      const intent = kind === "user" ? currentIntent() : null;
      // Plain fetch, no React Query: the login page ships no tRPC client (issue 21).
      const r = await fetchMutation<{ status: string }>(
        kind === "user" ? "public.auth.login" : "public.auth.adminLogin",
        intent ? { ...values, recaptcha_token, intent } : { ...values, recaptcha_token },
      );
      s.succeed();
      const carry = (path: string) => (intent ? withIntent(path, intent) : path);
      if (r.status === "first_login") {
        router.push(carry(`${firstLoginPath}?email=${encodeURIComponent(values.email)}`));
        return;
      }
      invalidateCached("public.session.state");
      if (r.status === "change_password") {
        router.push(carry(changePasswordPath));
        router.refresh();
        return;
      }
      // Back where the visitor was, with what they asked for done (bookmark, compare, saved condition).
      router.push(
        intent ? await carryOutIntent(intent, home) : safeNextPath(new URLSearchParams(window.location.search).get("next"), home, window.location.origin),
      );
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["email", "password"]));
    }
  });

  return (
    <form onFocus={RESOLVERS.loginInput.preload} onSubmit={onSubmit} noValidate className="grid gap-5" aria-busy={s.submitting}>
      <FormAlert message={recaptcha.error ? "認証サービスを読み込めませんでした。ページを再読み込みしてください。" : s.message} />
      <TextField form={form} name="email" label="メールアドレス" type="email" autoComplete="email" required />
      <TextField form={form} name="password" label="パスワード" type="password" autoComplete="current-password" required />
      <PlainButton type="submit" variant="default" size="lg" disabled={!recaptcha.ready || s.submitting}>
        {s.submitting ? "ログイン中…" : "ログイン"}
      </PlainButton>
      <p className="text-center text-sm">
        <Link href={forgotPath} className="text-gold-700 underline underline-offset-4">
          パスワードをお忘れの方
        </Link>
      </p>
    </form>
  );
}
