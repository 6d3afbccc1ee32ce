import { Bell, Heart, LockKeyhole, Search } from "@/components/icons";
import Link from "next/link";
import { CmsPage, cmsPageMetadata } from "@/components/content/cms-page";
import { SectionTitle } from "@/components/content/content-layout";
import { Button } from "@/components/ui/button";

export const generateMetadata = () => cmsPageMetadata("about");

const BENEFITS = [
  { icon: LockKeyhole, title: "会員限定物件の閲覧", text: "一般公開していない物件の詳細をご覧いただけます。" },
  { icon: Heart, title: "お気に入りの保存", text: "気になる物件を保存して、あとから比較できます。" },
  { icon: Search, title: "検索条件の保存", text: "よく使う条件を名前を付けて保存できます。" },
  { icon: Bell, title: "新着・値下げのお知らせ", text: "条件に合う物件が登録されるとメールでお知らせします。" },
] as const;

export default function AboutPage() {
  return (
    <CmsPage pageKey="about">
      <section aria-labelledby="about-member" className="mt-14">
        <SectionTitle id="about-member">無料会員でご利用いただける機能</SectionTitle>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {BENEFITS.map((b) => (
            <li key={b.title} className="flex gap-4 rounded-lg border border-border bg-white p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-50 text-gold-700">
                <b.icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-bold">{b.title}</span>
                <span className="mt-1 block text-sm text-primary-600">{b.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild variant="default" size="lg">
            <Link href="/signup">無料会員登録</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link href="/investments">物件一覧を見る</Link>
          </Button>
        </div>
      </section>
    </CmsPage>
  );
}
