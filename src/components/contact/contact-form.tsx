"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { describedBy, Field, FormAlert } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-resolver";
import { applyServerErrors } from "@/components/forms/server-errors";
import { SelectField } from "@/components/forms/select-field";
import { errorAt, TextField } from "@/components/forms/text-field";
import { useRecaptcha } from "@/components/forms/use-recaptcha";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { ConsentNote } from "@/components/site-chrome/consent-note";
import { buttonVariants } from "@/components/ui/button-variants";
import { PlainButton } from "@/components/ui/plain-button";
import { CONTACT_METHODS, CONTACT_TIMES, SALARIES } from "@/lib/constants/account";
import { INQUIRY_MAIN, plusDays, SELL_TIMINGS, VIEWING_BANDS, VIEWING_MAX_CHOICES, VIEWING_MAX_DAYS, viewingText } from "@/lib/constants/contact";
import { jstDay } from "@/lib/jst-date";
import { TYPES } from "@/lib/constants/investment";
import type { ContactFormKind } from "@/schemas/contact";
import { invalidateCached } from "@/trpc/cache-bus";
import { fetchMutation } from "@/trpc/fetch-query";

/**
 * Every inquiry form (spec §2, §3, §5) in the Japanese three steps
 * 入力 → 確認 → 完了. The row is stored on the final submit; the completion
 * step shows as soon as the server answers.
 */
type Values = FieldValues;
type Prefill = Record<string, unknown> | null | undefined;
type Step = "input" | "confirm" | "done";

const WITH_MONEY: ContactFormKind[] = ["investment", "consult"];
const COMMENT_LABEL: Partial<Record<ContactFormKind, { label: string; required: boolean }>> = {
  investment: { label: "ご質問・ご要望", required: false },
  consult: { label: "ご相談内容", required: true },
  sell: { label: "ご要望", required: false },
  exchange: { label: "ご連絡事項", required: true },
};

function StepBar({ step }: { step: Step }) {
  const steps: [Step, string][] = [
    ["input", "入力"],
    ["confirm", "確認"],
    ["done", "完了"],
  ];
  return (
    <ol className="mb-8 grid grid-cols-3 gap-2 text-center text-sm" aria-label="お問い合わせの手順">
      {steps.map(([key, name], i) => (
        <li
          key={key}
          aria-current={key === step ? "step" : undefined}
          className={`rounded-md border px-2 py-2 font-bold ${key === step ? "border-gold bg-gold text-primary-950" : "border-border text-muted-foreground"}`}
        >
          {i + 1}. {name}
        </li>
      ))}
    </ol>
  );
}

function Choices<T extends FieldValues>({
  form,
  name,
  label,
  options,
  type,
  required,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  options: readonly { key: string; name: string }[];
  type: "checkbox" | "radio";
  required?: boolean;
}) {
  const error = errorAt(form.formState.errors, name);
  const id = `f-${name.replace(/\./g, "-")}`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 flex items-center gap-2 text-sm font-bold">
        {label}
        {required ? <span className="rounded bg-error px-1.5 py-0.5 text-[10px] font-bold leading-none text-white">必須</span> : null}
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map((o) => (
          <label key={o.key} className="inline-flex items-center gap-2 text-sm">
            <input type={type} value={o.key} className="size-4 accent-gold" {...form.register(name)} />
            {o.name}
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TextArea<T extends FieldValues>({
  form,
  name,
  label,
  required,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  required?: boolean;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const error = errorAt(form.formState.errors, name);
  return (
    <Field id={id} label={label} required={required} error={error}>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        className="w-full rounded-md border border-primary-200 px-3 py-2 text-base focus-visible:border-gold-500 focus-visible:outline-2 focus-visible:outline-gold-300 aria-invalid:border-error md:text-sm"
        {...form.register(name)}
      />
    </Field>
  );
}

function emptyValues(kind: ContactFormKind, investmentId: number | undefined, prefill: Prefill): Values {
  const p = (prefill ?? {}) as Record<string, Record<string, unknown> | string>;
  const base: Values = {
    inquiry: { main: [], other: "" },
    names: { last: "", first: "", ...(p.names as object) },
    kanas: { last: "", first: "", ...(p.kanas as object) },
    email: (p.email as string) ?? "",
    contact: { tel: "", fax: "", method: [], time: "", ...(p.contact as object) },
    comment: "",
  };
  if (WITH_MONEY.includes(kind)) Object.assign(base, { salary: (p.salary as string) ?? "", money: (p.money as string) ?? "" });
  if (kind === "investment") Object.assign(base, { investment_id: investmentId, viewing: blankViewing() });
  if (kind === "other") base.content = "";
  if (kind === "exchange") base.company = "";
  if (kind === "sell") base.property = { address: "", type: "", land_size: "", building_size: "", built_year: "", rent: "", occupancy: "", timing: "" };
  return base;
}

const blankViewing = () => Array.from({ length: VIEWING_MAX_CHOICES }, () => ({ date: "", band: "" }));

/**
 * 内見希望日時 (issue 30): three rows of a day (tomorrow to 60 days ahead) and a time band, shown
 * when 「現地を見学したい」 is ticked; blank rows are not sent (the schema drops them).
 */
function ViewingFields({ form }: { form: UseFormReturn<Values, unknown, unknown> }) {
  const today = jstDay(new Date());
  const groupError = errorAt(form.formState.errors, "viewing");
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-border p-4"
      data-slot="viewing-choices"
      aria-describedby={groupError ? "f-viewing-error" : undefined}
    >
      <legend className="px-1 text-sm font-bold">内見希望日時（{VIEWING_MAX_CHOICES}つまで・任意）</legend>
      <p className="text-xs text-muted-foreground">
        明日から{VIEWING_MAX_DAYS}日以内でご希望の日と時間帯をお選びください。担当者より日程調整のご連絡をいたします。
      </p>
      {Array.from({ length: VIEWING_MAX_CHOICES }, (_, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-2">
          <TextField
            form={form}
            name={`viewing.${i}.date`}
            label={`第${i + 1}希望 日付`}
            type="date"
            min={plusDays(today, 1)}
            max={plusDays(today, VIEWING_MAX_DAYS)}
          />
          <SelectField form={form} name={`viewing.${i}.band`} label={`第${i + 1}希望 時間帯`} options={VIEWING_BANDS} />
        </div>
      ))}
      {groupError ? (
        <p id="f-viewing-error" role="alert" className="text-sm text-error">
          {groupError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Read-only review of what will be sent (確認). */
function Review({ kind, values }: { kind: ContactFormKind; values: Values }) {
  const nameOf = (list: readonly { key: string; name: string }[], k: unknown) => list.find((o) => o.key === k)?.name ?? "";
  const rows: [string, string][] = [];
  const add = (l: string, v: unknown) => {
    if (v !== undefined && v !== null && v !== "") rows.push([l, String(v)]);
  };
  add("会社名", values.company);
  add("お問い合わせ項目", (values.inquiry?.main as string[] | undefined)?.map((m) => nameOf(INQUIRY_MAIN[kind], m)).join("、"));
  add("その他の内容", values.inquiry?.other);
  const viewing = ((values.viewing as { date: string; band: string }[] | undefined) ?? []).filter((v) => v.date && v.band);
  add("内見希望日時", viewing.length ? viewingText(viewing) : "");
  add("お名前", [values.names?.last, values.names?.first].filter(Boolean).join(" "));
  add("フリガナ", [values.kanas?.last, values.kanas?.first].filter(Boolean).join(" "));
  add("メールアドレス", values.email);
  add("電話番号", values.contact?.tel);
  add("FAX番号", values.contact?.fax);
  add("ご希望の連絡方法", (values.contact?.method as string[] | undefined)?.map((m) => nameOf(CONTACT_METHODS, m)).join("、"));
  add("ご連絡可能な時間帯", nameOf(CONTACT_TIMES, values.contact?.time));
  add("年収", nameOf(SALARIES, values.salary));
  add("自己資金", values.money ? `${values.money}万円` : "");
  if (values.property) {
    add("物件所在地", values.property.address);
    add("物件種別", TYPES.find((t) => String(t.id) === values.property.type)?.name);
    add("土地面積", values.property.land_size ? `${values.property.land_size}㎡` : "");
    add("建物面積", values.property.building_size ? `${values.property.building_size}㎡` : "");
    add("築年", values.property.built_year ? `${values.property.built_year}年` : "");
    add("現在の月額賃料", values.property.rent ? `${values.property.rent}円` : "");
    add("入居状況", values.property.occupancy);
    add("売却希望時期", nameOf(SELL_TIMINGS, values.property.timing));
  }
  add("お問い合わせ内容", values.content);
  add(COMMENT_LABEL[kind]?.label ?? "ご要望", values.comment);
  return (
    <dl className="divide-y divide-border rounded-lg border border-border">
      {rows.map(([l, v]) => (
        <div key={l} className="grid gap-1 px-4 py-3 sm:grid-cols-[180px_1fr]">
          <dt className="text-sm font-bold text-muted-foreground">{l}</dt>
          <dd className="whitespace-pre-wrap text-sm">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ContactForm({
  kind,
  siteKey,
  investmentId,
  prefill,
  listingName,
}: {
  kind: ContactFormKind;
  siteKey?: string;
  investmentId?: number;
  prefill?: Prefill;
  listingName?: string;
}) {
  const [step, setStep] = useState<Step>("input");
  const [confirmed, setConfirmed] = useState<Values | null>(null);
  const recaptcha = useRecaptcha(siteKey);
  const s = useSubmitStatus();
  // The shared schema and zod load on first focus or submit (components/forms/lazy-resolver).
  const [resolver] = useState(() => lazyZodResolver(() => import("@/schemas/contact").then((m) => m.contactInputs[kind])));
  const form = useForm<Values, unknown, Values>({ resolver: resolver as never, defaultValues: emptyValues(kind, investmentId, prefill) });
  // useWatch, not form.watch: a subscription React's compiler can keep memoizing around.
  const methods = (useWatch({ control: form.control, name: "contact.method" as Path<Values> }) as string[] | undefined) ?? [];
  const mains = (useWatch({ control: form.control, name: "inquiry.main" as Path<Values> }) as string[] | undefined) ?? [];
  const visit = kind === "investment" && mains.includes("visit");
  // Unticking 見学 clears the hidden 内見希望日時 (the schema refuses them without it).
  useEffect(() => {
    if (!visit && kind === "investment") form.resetField("viewing" as Path<Values>);
  }, [visit, kind, form]);

  const toConfirm = form.handleSubmit((values) => {
    setConfirmed(values);
    setStep("confirm");
    window.scrollTo({ top: 0 });
  });

  async function send() {
    if (!confirmed) return;
    s.start();
    try {
      const recaptcha_token = await recaptcha.execute("Contact");
      // public.contacts.{investment,consult,other,sell,exchange}, over plain fetch: the contact pages ship no tRPC client (issue 21).
      await fetchMutation(`public.contacts.${kind}`, { ...confirmed, recaptcha_token });
      s.succeed();
      setStep("done");
      invalidateCached("member.contacts.list");
      window.scrollTo({ top: 0 });
    } catch (e) {
      const loose = applyServerErrors(
        e,
        form.setError,
        Object.keys(form.getValues()).flatMap((k) => [
          k,
          `${k}.last`,
          `${k}.first`,
          `${k}.main`,
          `${k}.other`,
          `${k}.tel`,
          `${k}.fax`,
          `${k}.method`,
          `${k}.time`,
          `${k}.address`,
          `${k}.type`,
          `${k}.timing`,
        ]),
      );
      // Field problems are fixed on the input step.
      if (Object.keys(form.formState.errors).length) setStep("input");
      s.fail(loose);
    }
  }

  if (step === "done") {
    return (
      <div>
        <StepBar step="done" />
        <FormAlert
          tone="success"
          message="お問い合わせを受け付けました。確認のメールをお送りしましたのでご確認ください。担当者より営業時間内にご連絡いたします。"
        />
        <div className="mt-6 flex flex-wrap gap-3">
          <Link data-slot="button" className={buttonVariants({ variant: "outline" })} href="/investments">
            物件一覧へ
          </Link>
          <Link data-slot="button" className={buttonVariants({ variant: "ghost" })} href="/">
            トップページへ
          </Link>
        </div>
      </div>
    );
  }

  if (step === "confirm" && confirmed) {
    return (
      <div className="grid gap-6">
        <StepBar step="confirm" />
        {listingName ? (
          <p className="text-sm">
            対象物件：<span className="font-bold">{listingName}</span>
          </p>
        ) : null}
        <FormAlert message={recaptcha.error ? "認証サービスを読み込めませんでした。ページを再読み込みしてください。" : s.message} />
        <Review kind={kind} values={confirmed} />
        <ConsentNote action="送信する" />
        <div className="flex flex-wrap justify-center gap-3">
          <PlainButton variant="outline" size="lg" onClick={() => setStep("input")} disabled={s.submitting}>
            入力内容を修正する
          </PlainButton>
          <PlainButton variant="gold" size="lg" onClick={send} disabled={s.submitting || !recaptcha.ready}>
            {s.submitting ? "送信中…" : "送信する"}
          </PlainButton>
        </div>
      </div>
    );
  }

  const comment = COMMENT_LABEL[kind];
  return (
    <form onFocus={resolver.preload} onSubmit={toConfirm} noValidate className="grid gap-6">
      <StepBar step="input" />
      {listingName ? (
        <p className="text-sm">
          対象物件：<span className="font-bold">{listingName}</span>
        </p>
      ) : null}
      <FormAlert message={s.message} />
      {kind === "exchange" ? <TextField form={form} name="company" label="会社名" autoComplete="organization" required /> : null}
      <Choices form={form} name="inquiry.main" label="お問い合わせ項目" options={INQUIRY_MAIN[kind]} type="checkbox" required />
      {mains.includes("other") ? <TextField form={form} name="inquiry.other" label="その他の内容" required /> : null}
      {visit ? <ViewingFields form={form} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="names.last" label="お名前（姓）" autoComplete="family-name" required />
        <TextField form={form} name="names.first" label="お名前（名）" autoComplete="given-name" />
        <TextField form={form} name="kanas.last" label="フリガナ（セイ）" hint="全角カタカナ" required />
        <TextField form={form} name="kanas.first" label="フリガナ（メイ）" hint="全角カタカナ" />
      </div>
      <TextField form={form} name="email" label="メールアドレス" type="email" autoComplete="email" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="contact.tel"
          label="電話番号"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint="半角数字とハイフン、10文字以上"
          required
        />
        <TextField form={form} name="contact.fax" label="FAX番号" type="tel" inputMode="tel" autoComplete="fax tel" required={methods.includes("fax")} />
      </div>
      <Choices form={form} name="contact.method" label="ご希望の連絡方法" options={CONTACT_METHODS} type="checkbox" required />
      <SelectField form={form} name="contact.time" label="ご連絡可能な時間帯" options={CONTACT_TIMES} required={methods.includes("tel")} />
      {WITH_MONEY.includes(kind) ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField form={form} name="salary" label="年収" options={SALARIES} required />
          <TextField form={form} name="money" label="自己資金（万円）" inputMode="numeric" autoComplete="off" hint="半角数字（万円単位）" required />
        </div>
      ) : null}
      {kind === "sell" ? (
        <fieldset className="grid gap-4 rounded-lg border border-border p-4">
          <legend className="px-1 text-sm font-bold">査定する物件</legend>
          <TextField form={form} name="property.address" label="物件所在地" required />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="property.type" label="物件種別" options={TYPES.map((t) => ({ key: String(t.id), name: t.name }))} required />
            <SelectField form={form} name="property.timing" label="売却希望時期" options={SELL_TIMINGS} required />
            <TextField form={form} name="property.land_size" label="土地面積（㎡）" inputMode="decimal" />
            <TextField form={form} name="property.building_size" label="建物面積（㎡）" inputMode="decimal" />
            <TextField form={form} name="property.built_year" label="築年（西暦）" inputMode="numeric" placeholder="1995" />
            <TextField form={form} name="property.rent" label="現在の月額賃料（円）" inputMode="numeric" />
          </div>
          <TextField form={form} name="property.occupancy" label="入居状況" placeholder="全10戸中8戸入居 など" />
        </fieldset>
      ) : null}
      {kind === "other" ? <TextArea form={form} name="content" label="お問い合わせ内容" required /> : null}
      {comment ? <TextArea form={form} name="comment" label={comment.label} required={comment.required} /> : null}
      <PlainButton type="submit" size={null} className="h-12 text-base justify-self-center px-12">
        入力内容を確認する
      </PlainButton>
    </form>
  );
}
