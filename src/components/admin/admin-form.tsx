"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type * as React from "react";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import { FormAlert } from "@/components/forms/field";
import { applyServerErrors } from "@/components/forms/server-errors";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import type { z } from "@/schemas/zod";

/**
 * What happens after a successful save: go to another screen, or stay, say
 * `saved` and reload the server data. No answer: stay and say 保存しました.
 */
export type AdminSaveOutcome = { goTo: string } | { saved: string; resetDirty?: boolean };

/**
 * The core of an admin edit form: react-hook-form with the zod schema, the
 * submit status (spec §4), server field errors put under their fields, and
 * the after-save step `save` answers with.
 */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  fields,
  save,
}: {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Paths whose server errors show under the field (others above the form). */
  fields: readonly string[];
  save: (values: z.output<S>) => Promise<AdminSaveOutcome | void>;
}) {
  const router = useRouter();
  const status = useSubmitStatus();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never), defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    status.start();
    setSaved(null);
    try {
      const outcome = (await save(values)) ?? { saved: "保存しました" };
      status.succeed();
      if ("goTo" in outcome) {
        router.push(outcome.goTo);
        return;
      }
      setSaved(outcome.saved);
      if (outcome.resetDirty) form.reset(form.getValues());
      router.refresh();
    } catch (e) {
      status.fail(applyServerErrors(e, form.setError, fields));
    }
  });
  /** `formProps` go to <AdminForm>. */
  return { form, formProps: { onSubmit, submitting: status.submitting, message: status.message, saved } };
}

/**
 * The frame of an admin edit form: the error alert (and with `saved` the
 * success notice) above the sections, the submit row below.
 */
export function AdminForm({
  onSubmit,
  submitting,
  message,
  saved,
  actions,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  message: string | null;
  /** The success notice (after a save that stays on the screen). */
  saved: string | null;
  /** The submit row; by default a 保存する button. */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={submitting}>
      <FormAlert message={message} />
      <FormAlert message={saved} tone="success" />
      {children}
      {actions ?? <AdminSubmitRow submitting={submitting} />}
    </form>
  );
}

/** The gold submit button of an admin form, in its row (with any further buttons and links after it). */
export function AdminSubmitRow({
  submitting,
  label = "保存する",
  busyLabel = "保存中…",
  className,
  children,
}: {
  submitting: boolean;
  label?: string;
  busyLabel?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant="gold" disabled={submitting}>
        {submitting ? busyLabel : label}
      </Button>
      {children}
    </div>
  );
}
