import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { CONTACT_DEDUPE_SECONDS, inquiryKindName } from "@/lib/constants/contact";
import type { ContactFormKind, ContactInput, ViewingChoice } from "@/schemas/contact";
import { fieldInvalid } from "@/server/errors";
import type { Db } from "@/server/db";
import { contacts, investments, users } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { queueMail } from "@/server/jobs/mail";
import { consume } from "@/server/auth/rate-limit";
import { visibleTo, type Audience } from "@/server/listings";
import { contactSummary } from "./summary";

/**
 * Stores an inquiry, then the mails follow through the outbox (same
 * transaction): the visitor sees the completion page as soon as the row is
 * stored, and an SMTP outage only delays the mails. The same payload twice
 * within CONTACT_DEDUPE_SECONDS stores one inquiry (double submit).
 */
export const LISTING_NOT_AVAILABLE = "この物件へのお問い合わせは現在受け付けておりません";

/** Over the per-address limit (CONTACT_PER_ADDRESS_PER_HOUR), whatever IP the inquiries come from. */
export const ADDRESS_LIMIT_MESSAGE =
  "このメールアドレスへのお問い合わせ受付メールの送信が上限に達しました。しばらく時間をおいてから再度お試しいただくか、お電話でお問い合わせください。";

/**
 * The mailbox an address reaches, for the per-address limit: letter case, a +tag and the dots of a
 * Gmail address do not make another mailbox.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at).trim().toLowerCase();
  let domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  local = local.split("+")[0] ?? local;
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

async function isOwnAddress(db: Db, userId: number | null, email: string): Promise<boolean> {
  if (userId === null) return false;
  const row = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return !!row && mailboxKey(row.email) === mailboxKey(email);
}

type Viewer = { userId: number | null; audience: Audience; ip: string | null };

function dedupeKey(kind: string, input: object, userId: number | null): string {
  const { recaptcha_token: _t, ...rest } = input as { recaptcha_token?: string };
  return createHash("sha256")
    .update(JSON.stringify([kind, userId, rest]))
    .digest("hex");
}

/** The 内見希望日時 of a 見学 inquiry, or null when none were chosen. */
function viewingOf(input: Record<string, unknown>): ViewingChoice[] | null {
  const v = input.viewing as ViewingChoice[] | undefined;
  return v && v.length > 0 ? v : null;
}

export async function submitContact<K extends ContactFormKind>(
  db: Db,
  kind: K,
  input: ContactInput<K>,
  viewer: Viewer,
): Promise<{ id: number; duplicate: boolean }> {
  const anyInput = input as ContactInput<ContactFormKind> & Record<string, unknown>;
  let listing: { id: number; no: string | null; name: string; price: number } | null = null;
  if (kind === "investment") {
    const id = (input as ContactInput<"investment">).investment_id;
    // A members-only listing can be asked about by members only; an unknown or hidden one by nobody.
    listing =
      (await db
        .select({ id: investments.id, no: investments.no, name: investments.name, price: investments.price })
        .from(investments)
        .where(and(eq(investments.id, id), visibleTo(viewer.audience)))
        .get()) ?? null;
    if (!listing) throw fieldInvalid("investment_id", LISTING_NOT_AVAILABLE);
  }
  const key = dedupeKey(kind, input, viewer.userId);
  const since = new Date(Date.now() - CONTACT_DEDUPE_SECONDS * 1000);
  const summary = contactSummary(kind, input, listing);
  const kindName = inquiryKindName(kind) ?? kind;

  const duplicateOf = async (q: Pick<Db, "select">) =>
    (
      await q
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.dedupe_key, key), gt(contacts.created_at, since)))
        .get()
    )?.id;
  // A double submit is answered from the stored row and mails nobody, so it does not count against the address.
  const earlier = await duplicateOf(db);
  if (earlier !== undefined) return { id: earlier, duplicate: true };
  // The auto-reply goes to whatever address was typed: bounded per mailbox, not only per IP (issue 27).
  // A member writing to their own account's address is no relay (the address is theirs, verified at
  // sign-up), so an investor asking about many listings in an hour is not turned away.
  if (!(await isOwnAddress(db, viewer.userId, anyInput.email as string)))
    await consume("contactAddress", mailboxKey(anyInput.email as string), { message: ADDRESS_LIMIT_MESSAGE });

  return db.transaction(async (tx) => {
    const dup = await duplicateOf(tx);
    if (dup !== undefined) return { id: dup, duplicate: true };
    const names = anyInput.names as { last: string; first?: string };
    const kanas = anyInput.kanas as { last: string; first?: string };
    const contact = anyInput.contact as { tel: string; fax?: string; method: string[]; time?: string };
    const [row] = await tx
      .insert(contacts)
      .values({
        kind,
        investment_id: listing?.id ?? null,
        investment_snapshot: listing ? { no: listing.no, name: listing.name, price: listing.price } : null,
        user_id: viewer.userId,
        inquiry: anyInput.inquiry as { main: string[]; other?: string },
        last_name: names.last,
        first_name: names.first ?? null,
        kana_last: kanas.last,
        kana_first: kanas.first ?? null,
        salary: (anyInput.salary as string | undefined) ?? null,
        money: anyInput.money ? Number(anyInput.money) : null,
        email: anyInput.email as string,
        tel: contact.tel,
        fax: contact.fax ?? null,
        contact: { method: contact.method, time: contact.time ?? null },
        content: (anyInput.content as string | undefined) ?? null,
        comment: (anyInput.comment as string | undefined) ?? null,
        company: (anyInput.company as string | undefined) ?? null,
        // Form-specific details: the sale's property, the 見学's 内見希望日時 (validated by the form's schema).
        details: anyInput.property ? { property: anyInput.property } : viewingOf(anyInput) ? { viewing: viewingOf(anyInput) } : null,
        dedupe_key: key,
        ip: viewer.ip,
      })
      .returning({ id: contacts.id });
    if (!row) throw new Error("contact insert returned nothing");
    await queueMail(tx, "contact_staff", env().STAFF_EMAIL, {
      contactId: row.id,
      kindName,
      summary,
      adminUrl: `${env().APP_URL}${env().ADMIN_BASE_PATH}/contacts/${row.id}`,
    });
    // Nothing the visitor typed goes back out (the address may be anyone's): the kind and our listing only.
    await queueMail(tx, "contact_ack", anyInput.email as string, { kindName, listing: listing ? { no: listing.no, name: listing.name } : null });
    logger.info("contact.stored", { id: row.id, kind });
    return { id: row.id, duplicate: false };
  });
}
