import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { emptyProfile, ProfileFields } from "@/components/auth/profile-fields";

/**
 * Issue 30: the registration form (and My Page's profile) should fill itself from a phone's
 * autofill and bring up the right keyboard: input types, autocomplete tokens, inputmode.
 */
function Profile() {
  const form = useForm({ defaultValues: emptyProfile });
  return createElement(ProfileFields, { form: form as never });
}

/** The attributes of the control labelled `label`. */
function control(html: string, label: string): string {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>(?:(?!</label>).)*?${label}`, "s").exec(html)?.[1];
  expect(id, `a label ${label}`).toBeTruthy();
  const tag = new RegExp(`<(input|select)[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  expect(tag, `the control of ${label}`).toBeTruthy();
  return tag!;
}

describe("registration / profile fields for phones", () => {
  const html = renderToStaticMarkup(createElement(Profile));
  const cases: [string, Record<string, string>][] = [
    ["姓", { autocomplete: "family-name" }],
    ["名", { autocomplete: "given-name" }],
    ["郵便番号", { autocomplete: "postal-code", inputmode: "numeric" }],
    ["都道府県", { autocomplete: "address-level1" }],
    ["市区町村", { autocomplete: "address-level2" }],
    ["町名・番地", { autocomplete: "address-line1" }],
    ["建物名・部屋番号", { autocomplete: "address-line2" }],
    ["電話番号", { type: "tel", autocomplete: "tel", inputmode: "tel" }],
    ["FAX番号", { type: "tel", autocomplete: "fax tel", inputmode: "tel" }],
    ["自己資金（万円）", { inputmode: "numeric" }],
  ];
  for (const [label, attrs] of cases)
    it(`${label}: ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${v}"`)
      .join(" ")}`, () => {
      const tag = control(html, `${label}(?:<|（必須|<span)`);
      // React's server markup keeps the props' case (autoComplete=, inputMode=); HTML attributes are case-insensitive
      for (const [k, v] of Object.entries(attrs)) expect(tag.toLowerCase()).toContain(`${k}="${v}"`);
    });
});
