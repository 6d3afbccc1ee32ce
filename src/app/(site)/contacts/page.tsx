import { redirect } from "next/navigation";

/** Legacy /contacts links: forward to the right form, keeping a listing id (spec §2). */
export default async function ContactsForward({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const id = first(q.investment_id) ?? first(q.id);
  if (id && /^\d{1,10}$/.test(id)) redirect(`/contacts/investment?investment_id=${id}`);
  const type = first(q.type) ?? first(q.kind);
  if (type === "other") redirect("/contacts/other");
  if (type === "sell") redirect("/sell");
  if (type === "exchange") redirect("/exchange");
  redirect("/contacts/consult");
}
