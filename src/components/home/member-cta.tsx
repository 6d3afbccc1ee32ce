import { Bell, Heart, LockKeyhole, Search } from "@/components/icons";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { withCommas } from "@/lib/price";

const BENEFITS = [
  { icon: LockKeyhole, text: "会員限定物件の閲覧" },
  { icon: Heart, text: "お気に入り物件の保存" },
  { icon: Search, text: "検索条件の保存" },
  { icon: Bell, text: "新着・値下げ物件のお知らせ" },
] as const;

/** Registration prompt for visitors, with the number of members-only listings. */
export function MemberCta({ membersOnly }: { membersOnly?: number }) {
  return (
    <section aria-labelledby="member-cta-title" className="bg-primary text-white" data-section="member-cta">
      <div className="mx-auto grid max-w-7xl items-center gap-6 px-5 py-10 lg:grid-cols-[minmax(0,1fr)_auto] lg:gap-12">
        <div>
          <p className="text-xs font-bold tracking-[0.25em] text-gold-300" aria-hidden="true">
            MEMBERS ONLY
          </p>
          <h2 id="member-cta-title" className="mt-1 text-xl font-bold tracking-wider sm:text-2xl">
            {membersOnly !== undefined && membersOnly > 0 ? (
              <>
                会員限定物件<span className="tabular mx-1 text-gold-300">{withCommas(String(membersOnly))}</span>件を公開中
              </>
            ) : (
              "無料会員登録で、もっと探しやすく"
            )}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm text-primary-100 sm:grid-cols-4">
            {BENEFITS.map((b) => (
              <li key={b.text} className="flex items-center gap-2">
                <b.icon className="size-4 shrink-0 text-gold-300" aria-hidden="true" />
                {b.text}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
          <Button asChild variant="gold" size="lg" className="px-10 text-primary-950 hover:bg-gold-400">
            <Link href="/signup">無料会員登録</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="border-white/30 bg-transparent px-10 text-white hover:border-white hover:bg-white/10">
            <Link href="/login">ログイン</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
