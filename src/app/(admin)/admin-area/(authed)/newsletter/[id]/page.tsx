import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { api } from "@/trpc/server";
import { adminPage } from "../../_lib/page-guard";
import { NewsletterEditor, type EditorInitial } from "../_components/newsletter-editor";
import { NewsletterProgress } from "../_components/newsletter-progress";

export const metadata: Metadata = { title: "メール配信" };

export default async function NewsletterPage({ params }: { params: Promise<{ id: string }> }) {
  const base = await adminPage();
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0) notFound();
  const [n, me] = await Promise.all([api.admin.newsletters.byId({ id }).catch(() => null), api.admin.account.info()]);
  if (!n) notFound();
  const initial: EditorInitial = {
    id: n.id,
    subject: n.subject,
    body: n.body,
    audience: n.audience as EditorInitial["audience"],
    status: n.status,
    scheduled_at: n.scheduled_at,
  };
  // Queued (今すぐ配信 pressed, the worker not yet started) counts as started: nothing to edit, schedule or unschedule.
  const started = n.phase === "queued" || n.phase === "sending" || n.phase === "sent" || n.phase === "cancelled";
  return (
    <div className="grid gap-6">
      <Link href={`${base}/newsletter`} className="text-sm underline underline-offset-2">
        ← メール配信管理
      </Link>
      <h1 className="text-xl font-bold">{n.subject}</h1>
      {n.status !== "draft" ? <NewsletterProgress id={n.id} /> : null}
      {started ? (
        <section className="grid gap-2 rounded-lg bg-white p-5 shadow-sm">
          <h2 className="font-bold">本文</h2>
          <pre className="font-sans text-sm leading-relaxed whitespace-pre-wrap">{n.body}</pre>
        </section>
      ) : (
        <NewsletterEditor base={base} initial={initial} testTo={me.email} />
      )}
    </div>
  );
}
