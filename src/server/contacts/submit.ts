import { createHash } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { CONTACT_DEDUPE_SECONDS, inquiryKindName } from "@/lib/constants/contact";
import type { ContactFormKind, ContactInput } from "@/schemas/contact";
import { fieldInvalid } from "@/server/errors";
import type { Db } from "@/server/db";
import { contacts, investments } from "@/server/db/schema";
import { env } from "@/server/env";
import { logger } from "@/server/logger";
import { queueMail } from "@/server/accounts/mail";
import { visibleTo, type Audience } from "@/server/investments/visibility";
import { contactSummary } from "./summary";

/**
 * Stores an inquiry, then the mails follow through the outbox (same
 * transaction): the visitor sees the completion page as soon as the row is
 * stored, and an SMTP outage only delays the mails. The same payload twice
 * within CONTACT_DEDUPE_SECONDS stores one inquiry (double submit).
 */
export const LISTING_NOT_AVAILABLE = "この物件へのお問い合わせは現在受け付けておりません";

type Viewer = { userId: number | null; audience: Audience; ip: string | null };

function dedupeKey(kind: string, input: object, userId: number | null): string {
  const { recaptcha_token: _t, ...rest } = input as { recaptcha_token?: string };
  return createHash("sha256").update(JSON.stringify([kind, userId, rest])).digest("hex");
}

export async function submitContact<K extends ContactFormKind>(db: Db, kind: K, input: ContactInput<K>, viewer: Viewer): Promise<{ id: number; duplicate: boolean }> {
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
  const summary = contactSummary(kind, anyInput as never, listing);
  const kindName = inquiryKindName(kind) ?? kind;

  return db.transaction(async (tx) => {
    const dup = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.dedupe_key, key), gt(contacts.created_at, since)))
      .get();
    if (dup) return { id: dup.id, duplicate: true };
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
        details: anyInput.property ? { property: anyInput.property } : null,
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
    await queueMail(tx, "contact_ack", anyInput.email as string, { name: `${names.last}${names.first ? ` ${names.first}` : ""}`, kindName, summary });
    logger.info("contact.stored", { id: row.id, kind });
    return { id: row.id, duplicate: false };
  });
}
