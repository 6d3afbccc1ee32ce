import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Button } from "@/components/ui/button";
import { TRPCError } from "@trpc/server";
import { api } from "@/trpc/server";
import { ContactPage } from "../contact-page";

export const metadata: Metadata = { title: "物件へのお問い合わせ", robots: { index: false, follow: true } };

/** Property inquiry: a members-only listing can be asked about only by a member. */
export default async function InvestmentContactPage({ searchParams }: { searchParams: Promise<{ investment_id?: string | string[] }> }) {
  const { investment_id } = await searchParams;
  const id = Number(Array.isArray(investment_id) ? investment_id[0] : investment_id);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  // The detail page's own procedure: the members-only teaser rule (locked for a visitor) is decided there.
  const listing = await api.public.investments.byId({ id }).catch((e: unknown) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  if (listing.locked) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-bold">会員限定物件へのお問い合わせ</h1>
        <p className="mt-4 text-sm text-muted-foreground">この物件は会員限定です。無料会員登録またはログインのうえ、お問い合わせください。</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button asChild variant="gold">
            <Link href="/signup">無料会員登録</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/login?next=${encodeURIComponent(`/contacts/investment?investment_id=${id}`)}`}>ログイン</Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ContactPage
      kind="investment"
      title="物件へのお問い合わせ"
      path={`/contacts/investment?investment_id=${id}`}
      lead="資料請求・現地見学・購入のご相談など、お気軽にお問い合わせください。"
      investmentId={listing.id}
      listingName={listing.name}
    />
  );
}
