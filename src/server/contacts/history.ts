import { and, count, desc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import { contacts, investments, users } from "@/server/db/schema";

/** A member's own inquiries (newest first), hidden ones excluded. */
export async function listMemberContacts(db: Db, userId: number) {
  const rows = await db
    .select({
      _id: contacts.id,
      kind: contacts.kind,
      investment_id: contacts.investment_id,
      investment_snapshot: contacts.investment_snapshot,
      investment_public: investments.public,
      inquiry: contacts.inquiry,
      comment: contacts.comment,
      content: contacts.content,
      status: contacts.status,
      created_at: contacts.created_at,
    })
    .from(contacts)
    .leftJoin(investments, eq(investments.id, contacts.investment_id))
    .where(and(eq(contacts.user_id, userId), isNull(contacts.hidden_by_user_at)))
    .orderBy(desc(contacts.created_at), desc(contacts.id));
  return rows;
}

/** "Delete" from the member's history: hidden for them, kept for staff. Only their own row. */
export async function hideMemberContact(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db
    .update(contacts)
    .set({ hidden_by_user_at: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.user_id, userId), isNull(contacts.hidden_by_user_at)))
    .returning({ id: contacts.id });
  return r.length > 0;
}

export type AdminContactFilter = { kind?: string; status?: string; from?: string; to?: string; page: number; pageSize?: number };

export async function listContactsForAdmin(db: Db, f: AdminContactFilter) {
  const pageSize = f.pageSize ?? 30;
  const where: SQL[] = [];
  if (f.kind) where.push(eq(contacts.kind, f.kind));
  if (f.status) where.push(eq(contacts.status, f.status));
  if (f.from) where.push(gte(contacts.created_at, new Date(`${f.from}T00:00:00+09:00`)));
  if (f.to) where.push(lte(contacts.created_at, new Date(`${f.to}T23:59:59.999+09:00`)));
  const cond = where.length ? and(...where) : undefined;
  const total = (await db.select({ n: count() }).from(contacts).where(cond).get())?.n ?? 0;
  const last = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, f.page), last);
  const items = await db
    .select({
      id: contacts.id,
      kind: contacts.kind,
      status: contacts.status,
      last_name: contacts.last_name,
      first_name: contacts.first_name,
      email: contacts.email,
      tel: contacts.tel,
      investment_id: contacts.investment_id,
      investment_snapshot: contacts.investment_snapshot,
      user_id: contacts.user_id,
      created_at: contacts.created_at,
    })
    .from(contacts)
    .where(cond)
    .orderBy(desc(contacts.created_at), desc(contacts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, last };
}

export async function getContactForAdmin(db: Db, id: number) {
  const row = await db.select().from(contacts).where(eq(contacts.id, id)).get();
  if (!row) return null;
  const [listing, member] = await Promise.all([
    row.investment_id
      ? db
          .select({ id: investments.id, no: investments.no, name: investments.name, price: investments.price, public: investments.public })
          .from(investments)
          .where(eq(investments.id, row.investment_id))
          .get()
      : null,
    row.user_id
      ? db
          .select({ id: users.id, email: users.email, last_name: users.last_name, first_name: users.first_name, status: users.status })
          .from(users)
          .where(eq(users.id, row.user_id))
          .get()
      : null,
  ]);
  const { dedupe_key: _k, ip: _ip, ...contact } = row;
  return { contact, listing: listing ?? null, member: member ?? null };
}

export async function updateContactForAdmin(db: Db, id: number, patch: { status?: string; memo?: string }): Promise<boolean> {
  const r = await db.update(contacts).set(patch).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return r.length > 0;
}
