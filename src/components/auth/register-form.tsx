"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { ConsentNote } from "@/components/site-chrome/consent-note";
import { PlainButton } from "@/components/ui/plain-button";
import { PASSWORD_HINT } from "@/lib/constants/account";
import type { registerInput } from "@/schemas/account";
import type { z } from "@/schemas/zod";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation } from "@/trpc/fetch-query";
import { carryOutIntent, currentIntent } from "./intent-client";
import { emptyProfile, PROFILE_FIELDS, ProfileFields } from "./profile-fields";

/** Validation with the shared schemas, loaded on first focus or submit (components/forms/lazy-resolver). */
const RESOLVERS = {
  registerInput: lazyZodResolver(() => import("@/schemas/account").then((m) => m.registerInput)),
};

type Values = z.input<typeof registerInput>;

/** Registration from the mailed link: password + profile, then the member is logged in. */
export function RegisterForm({ token }: { token: string }) {
  const router = useRouter();
  const s = useSubmitStatus();
  const form = useForm<Values, unknown, z.output<typeof registerInput>>({
    resolver: RESOLVERS.registerInput,
    defaultValues: { token, password: "", password_confirmation: "", ...emptyProfile } as Values,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    s.start();
    try {
      await fetchMutation("public.auth.register", values);
      s.succeed();
      invalidateCached("public.session.state");
      // The intent came through the mailed link (lib/intent.ts); without one, My Page welcomes.
      router.push(await carryOutIntent(currentIntent(), "/mypage?welcome=1"));
      router.refresh();
    } catch (e) {
      s.fail(applyServerErrors(e, form.setError, ["password", "password_confirmation", ...PROFILE_FIELDS]));
    }
  });
  return (
    <form onFocus={RESOLVERS.registerInput.preload} onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      <FormAlert message={s.message} />
      <section className="grid gap-4">
        <h2 className="text-base font-bold">パスワード</h2>
        <TextField form={form} name="password" label="パスワード" type="password" autoComplete="new-password" hint={PASSWORD_HINT} required />
        <TextField form={form} name="password_confirmation" label="パスワード（確認）" type="password" autoComplete="new-password" required />
      </section>
      <section className="grid gap-4">
        <h2 className="text-base font-bold">お客様情報</h2>
        <ProfileFields form={form} />
      </section>
      <ConsentNote action="登録する" />
      <PlainButton type="submit" variant="gold" size="lg" disabled={s.submitting}>
        {s.submitting ? "登録中…" : "登録する"}
      </PlainButton>
    </form>
  );
}
