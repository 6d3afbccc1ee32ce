import { contactInputs, contactSubmittedResult, type ContactFormKind, type ContactInput } from "@/schemas/contact";
import { consume } from "@/server/auth/rate-limit";
import { assertHuman } from "@/server/auth/recaptcha";
import { getProfile } from "@/server/accounts";
import { submitContact } from "@/server/contacts";
import { audienceOf } from "@/server/investments";
import type { Context } from "../../context";
import { createTRPCRouter, publicProcedure } from "../../trpc";

/** Inquiry forms. Stored first; the mails follow through the outbox. */
function submitter<K extends ContactFormKind>(kind: K) {
  return publicProcedure
    .input(contactInputs[kind])
    .output(contactSubmittedResult)
    .mutation(async ({ ctx, input }) => {
      await consume("contact", ctx.ip ?? "unknown");
      await assertHuman((input as { recaptcha_token?: string }).recaptcha_token, "Contact", ctx.ip);
      const r = await submitContact(ctx.db, kind, input as ContactInput<K>, viewerOf(ctx));
      return { status: true as const, id: r.id };
    });
}

const viewerOf = (ctx: Context) => ({ userId: ctx.user?.id ?? null, audience: audienceOf(ctx), ip: ctx.ip });

export const contactsRouter = createTRPCRouter({
  investment: submitter("investment"),
  consult: submitter("consult"),
  other: submitter("other"),
  sell: submitter("sell"),
  exchange: submitter("exchange"),
  /** A logged-in member's form is prefilled from the profile. */
  prefill: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    const p = await getProfile(ctx.db, ctx.user.id);
    if (!p) return null;
    return {
      names: p.names,
      kanas: p.kanas,
      email: p.email,
      salary: p.salary,
      money: p.money,
      contact: { tel: p.tel, fax: p.fax, method: p.contact.method, time: p.contact.time },
    };
  }),
});
