import { Bell, Heart, LockKeyhole, LogIn, Search, UserPlus } from "@/components/icons";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { GOLD_TEXT } from "./gold";

const BENEFITS = [
  { icon: LockKeyhole, text: "会員限定物件の所在地・価格・利回り・写真の閲覧" },
  { icon: Heart, text: "気になる物件のお気に入り保存" },
  { icon: Search, text: "検索条件の保存" },
  { icon: Bell, text: "条件に合う新着・値下げ物件のメール通知" },
] as const;

/**
 * What a visitor sees for a members-only listing: the fact that it is one and
 * the way in (free registration, login). It receives nothing of the listing,
 * so nothing of it can reach the HTML or the RSC payload; `returnTo` is the
 * page's own URL, for coming back after the login.
 */
export function LockedDetail({ returnTo }: { returnTo: string }) {
  return (
    <section aria-labelledby="locked-title" className="mx-auto max-w-3xl px-4 py-10 sm:px-5 md:py-16" data-slot="locked-detail">
      <div className="overflow-hidden rounded-xl border border-gold-300 bg-white shadow-sm">
        <div className="relative flex flex-col items-center gap-3 bg-primary px-6 py-10 text-center text-white">
          <div className="absolute inset-0 bg-[repeating-linear-gradient(135deg,transparent_0_14px,rgba(184,147,47,0.12)_14px_15px)]" aria-hidden="true" />
          <span className="relative flex size-16 items-center justify-center rounded-full border border-gold-400/60 bg-primary-950/60 text-gold-300">
            <LockKeyhole className="size-8" strokeWidth={1.5} aria-hidden="true" />
          </span>
          <h1 id="locked-title" className="relative text-2xl font-bold tracking-wider text-gold-300">
            会員限定物件
          </h1>
          <p className="relative max-w-lg text-sm leading-relaxed text-primary-100">
            この物件は会員様限定で公開しています。無料会員登録（または会員ログイン）のうえ、物件の詳細をご覧ください。
          </p>
        </div>
        <div className="grid gap-6 p-6 sm:p-8">
          <div>
            <h2 className="text-sm font-bold">無料会員登録でできること</h2>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {BENEFITS.map((b) => (
                <li key={b.text} className="flex items-start gap-2 text-sm">
                  <b.icon className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
                  {b.text}
                </li>
              ))}
            </ul>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button asChild variant="gold" size="lg" className={`h-14 text-base ${GOLD_TEXT}`}>
              <Link href="/signup">
                <UserPlus aria-hidden="true" />
                無料会員登録
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg" className="h-14 text-base">
              <Link href={`/login?next=${encodeURIComponent(returnTo)}`}>
                <LogIn aria-hidden="true" />
                会員の方はログイン
              </Link>
            </Button>
          </div>
          <p className="text-center text-xs text-primary-500">
            登録は無料です。ほかの公開物件は
            <Link href="/investments" className="mx-0.5 font-bold text-gold-700 underline underline-offset-2">
              物件一覧
            </Link>
            からご覧いただけます。
          </p>
        </div>
      </div>
    </section>
  );
}
