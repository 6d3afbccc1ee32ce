import { SearchX } from "@/components/icons";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { GOLD_TEXT } from "@/components/investment/gold";

/** A listing or list page that does not exist (or is no longer published). */
export default function InvestmentsNotFound() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center sm:px-5 md:py-24">
      <SearchX className="size-14 text-primary-300" strokeWidth={1.25} aria-hidden="true" />
      <h1 id="not-found-title" className="text-xl font-bold tracking-wider md:text-2xl">
        お探しの物件・ページは見つかりませんでした
      </h1>
      <p className="text-sm leading-relaxed text-primary-600">
        掲載が終了したか、URLが変更された可能性があります。
        <br className="hidden sm:inline" />
        現在掲載中の物件からお探しください。
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="gold" size="lg" className={GOLD_TEXT}>
          <Link href="/investments">物件一覧へ</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link href="/">トップページへ</Link>
        </Button>
      </div>
    </section>
  );
}
