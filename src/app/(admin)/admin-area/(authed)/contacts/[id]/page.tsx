import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ContactStatusForm } from "@/components/admin/contact-status-form";
import { inquiryKindName } from "@/lib/constants/contact";
import { AdminPageShell } from "@/components/admin/page-header";
import { formatPrice } from "@/lib/price";
import { contactSummary } from "@/server/contacts";
import { api } from "@/trpc/server";
import { adminPage } from "../../_lib/page-guard";

export const metadata: Metadata = { title: "お問い合わせ詳細" };

export default async function AdminContactPage({ params }: { params: Promise<{ id: string }> }) {
  const base = await adminPage();
  const { id } = await params;
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) notFound();
  const data = await api.admin.contacts.byId({ id: n }).catch(() => null);
  if (!data) notFound();
  const { contact: c, listing, member } = data;
  const summary = contactSummary(c.kind as never, {
    names: { last: c.last_name, first: c.first_name ?? undefined },
    kanas: { last: c.kana_last, first: c.kana_first ?? undefined },
    email: c.email,
    company: c.company ?? undefined,
    inquiry: c.inquiry ? { main: c.inquiry.main, other: c.inquiry.other ?? undefined } : undefined,
    salary: c.salary ?? undefined,
    money: c.money === null ? undefined : String(c.money),
    contact: { tel: c.tel ?? "", fax: c.fax ?? undefined, method: c.contact?.method ?? [], time: c.contact?.time ?? undefined },
    comment: c.comment ?? undefined,
    content: c.content ?? undefined,
    property: (c.details as { property?: Record<string, string> } | null)?.property,
    viewing: (c.details as { viewing?: { date: string; band: string }[] } | null)?.viewing,
  });
  return (
    <AdminPageShell title={`#${c.id} ${inquiryKindName(c.kind)}`} back={{ href: `${base}/contacts`, label: "お問い合わせ一覧" }}>
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <pre className="whitespace-pre-wrap rounded-lg bg-white p-5 font-sans text-sm leading-relaxed shadow-sm">{summary}</pre>
        <aside className="grid content-start gap-4">
          {listing ? (
            <div className="rounded-lg bg-white p-4 text-sm shadow-sm">
              <p className="font-bold">物件</p>
              <p className="mt-1">
                {listing.name}（{listing.no ?? "番号なし"}） {formatPrice(listing.price)}
              </p>
              {listing.public ? (
                <Link href={`/investments/${listing.id}`} className="mt-1 inline-block underline" target="_blank">
                  公開ページを開く
                </Link>
              ) : null}
            </div>
          ) : null}
          {member ? (
            <div className="rounded-lg bg-white p-4 text-sm shadow-sm">
              <p className="font-bold">会員</p>
              <p className="mt-1">
                {member.last_name} {member.first_name}（{member.email}）
              </p>
            </div>
          ) : null}
          <ContactStatusForm id={c.id} status={c.status} memo={c.memo ?? ""} />
        </aside>
      </div>
    </AdminPageShell>
  );
}
