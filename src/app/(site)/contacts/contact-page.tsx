import type * as React from "react";
import { ContactForm } from "@/components/contact/contact-form";
import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { SITE } from "@/lib/constants/site";
import type { ContactFormKind } from "@/schemas/contact";
import { recaptchaSiteKey } from "@/server/auth/recaptcha";
import { api } from "@/trpc/server";

/** The frame shared by every inquiry page: heading, lead, phone alternative, the 3-step form. */
export async function ContactPage({
  kind,
  title,
  path,
  lead,
  investmentId,
  listingName,
}: {
  kind: ContactFormKind;
  title: string;
  path: string;
  lead: React.ReactNode;
  investmentId?: number;
  listingName?: string;
}) {
  const prefill = await api.public.contacts.prefill().catch(() => null);
  return (
    <>
      <Breadcrumbs items={[{ name: title, path }]} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <h1 className="border-l-4 border-gold pl-3 text-2xl font-bold">{title}</h1>
        <div className="mt-4 text-sm leading-relaxed text-muted-foreground">{lead}</div>
        <p className="mt-4 rounded-md bg-muted px-4 py-3 text-sm">
          お電話でのお問い合わせ：
          <a href={`tel:${SITE.tel.replace(/-/g, "")}`} className="font-bold text-primary">
            {SITE.tel}
          </a>
          （{SITE.hours.label}／定休日 {SITE.holidays}）
        </p>
        <div className="mt-8">
          <ContactForm kind={kind} siteKey={recaptchaSiteKey()} investmentId={investmentId} prefill={prefill} listingName={listingName} />
        </div>
      </div>
    </>
  );
}
