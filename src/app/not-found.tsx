import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "ページが見つかりません", robots: { index: false, follow: true } };

/**
 * notFound() outside the public site (the admin and preview areas). Unmatched
 * URLs get app/global-not-found.tsx and the public site its own not-found with
 * the chrome. Kept tiny on purpose: Next embeds this tree in every page's payload.
 */
export default function RootNotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl flex-1 px-5 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-wider">ページが見つかりません</h1>
      <p className="mt-6">
        <Link href="/" className="text-sm font-bold text-gold-700 underline underline-offset-4">
          トップページへ
        </Link>
      </p>
    </main>
  );
}
