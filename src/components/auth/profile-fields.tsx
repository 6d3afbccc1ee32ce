"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { SelectField } from "@/components/forms/select-field";
import { errorAt, TextField } from "@/components/forms/text-field";
import { CONTACT_METHODS, CONTACT_TIMES, JOBS, SALARIES } from "@/lib/constants/account";
import { ALL_PREFECTURES } from "@/lib/constants/prefectures";
import { usePostalAutofill } from "./use-postal-autofill";

/** Member profile fields shared by registration and My Page (names follow the spec's payload). */
export const PROFILE_FIELDS = [
  "names.last",
  "names.first",
  "kanas.last",
  "kanas.first",
  "zip",
  "pref",
  "city",
  "district",
  "address",
  "tel",
  "fax",
  "job",
  "job_other",
  "salary",
  "money",
  "contact.method",
  "contact.time",
] as const;

export const emptyProfile = {
  names: { last: "", first: "" },
  kanas: { last: "", first: "" },
  zip: "",
  pref: "",
  city: "",
  district: "",
  address: "",
  tel: "",
  fax: "",
  job: "",
  job_other: "",
  salary: "",
  money: "",
  contact: { method: [] as string[], time: "" },
};

export function ProfileFields<T extends FieldValues>({ form }: { form: UseFormReturn<T, unknown, unknown> }) {
  const p = (s: string) => s as Path<T>;
  const job = form.watch(p("job"));
  const methodError = errorAt(form.formState.errors, "contact.method");
  const postal = usePostalAutofill(form);
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={p("names.last")} label="姓" autoComplete="family-name" required />
        <TextField form={form} name={p("names.first")} label="名" autoComplete="given-name" required />
        <TextField form={form} name={p("kanas.last")} label="セイ" hint="全角カタカナ" required />
        <TextField form={form} name={p("kanas.first")} label="メイ" hint="全角カタカナ" required />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name={p("zip")}
          label="郵便番号"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="530-0001"
          hint="7桁を入力すると住所が自動で入ります"
          required
        />
        <SelectField
          form={form}
          required
          name={p("pref")}
          label="都道府県"
          autoComplete="address-level1"
          options={ALL_PREFECTURES.map((n) => ({ key: n, name: n }))}
        />
      </div>
      <p role="status" className="-mt-3 min-h-0 text-xs text-gold-700 empty:hidden" data-slot="postal-status">
        {postal}
      </p>
      <TextField form={form} name={p("city")} label="市区町村" autoComplete="address-level2" required />
      <TextField form={form} name={p("district")} label="町名・番地" autoComplete="address-line1" required />
      <TextField form={form} name={p("address")} label="建物名・部屋番号" autoComplete="address-line2" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name={p("tel")} label="電話番号" type="tel" inputMode="tel" autoComplete="tel" hint="半角数字とハイフン、10文字以上" required />
        <TextField form={form} name={p("fax")} label="FAX番号" type="tel" inputMode="tel" autoComplete="fax tel" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField form={form} required name={p("job")} label="職業" options={JOBS} />
        {job === "other" ? <TextField form={form} name={p("job_other")} label="職業（その他）" required /> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField form={form} required name={p("salary")} label="年収" options={SALARIES} />
        <TextField form={form} name={p("money")} label="自己資金（万円）" inputMode="numeric" autoComplete="off" hint="半角数字（万円単位）" required />
      </div>
      <fieldset className="grid gap-2" aria-describedby={methodError ? "f-contact-method-error" : undefined}>
        <legend className="mb-1 flex items-center gap-2 text-sm font-bold">
          ご希望の連絡方法 <span className="rounded bg-error px-1.5 py-0.5 text-[10px] font-bold leading-none text-white">必須</span>
        </legend>
        <div className="flex flex-wrap gap-4">
          {CONTACT_METHODS.map((m) => (
            <label key={m.key} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" value={m.key} className="size-4 accent-gold" {...form.register(p("contact.method"))} />
              {m.name}
            </label>
          ))}
        </div>
        {methodError ? (
          <p id="f-contact-method-error" role="alert" className="text-sm text-error">
            {methodError}
          </p>
        ) : null}
      </fieldset>
      <SelectField form={form} required name={p("contact.time")} label="ご連絡可能な時間帯" options={CONTACT_TIMES} />
    </div>
  );
}
