import { ArrowRight, Handshake, MessagesSquare, Scale } from "@/components/icons";
import Link from "next/link";
import { SectionHeading } from "./section-heading";

const SERVICES = [
  {
    icon: MessagesSquare,
    title: "投資相談",
    text: "はじめての収益物件から買い替え・資産組み換えまで、物件選びと融資のご相談を承ります。",
    path: "/contacts/consult",
  },
  {
    icon: Scale,
    title: "売却査定",
    text: "関西の収益物件の売買実績をもとに、収益還元の視点で適正な査定価格をご提示します。",
    path: "/sell",
  },
  {
    icon: Handshake,
    title: "不動産業者様へ",
    text: "物件情報のご紹介・共同仲介のご相談など、業者様からのお問い合わせも歓迎しております。",
    path: "/exchange",
  },
] as const;

/** Service cards under the listings: consultation, appraisal, trade partners. */
export function ServiceLinks() {
  return (
    <section aria-labelledby="services-title" className="py-12 sm:py-16" data-section="services">
      <div className="mx-auto max-w-7xl px-5">
        <SectionHeading id="services-title" kicker="SERVICE" title="ご相談・ご売却" moreHref="/advantage" moreLabel="当社の強み" />
        <ul className="grid gap-4 md:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.path}>
              <Link
                href={s.path}
                className="group flex h-full flex-col rounded-lg border border-border bg-white p-6 shadow-sm transition-shadow hover:border-gold hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-gold-50 text-gold-600">
                  <s.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="mt-4 text-lg font-bold tracking-wider">{s.title}</span>
                <span className="mt-2 flex-1 text-sm leading-relaxed text-primary-600">{s.text}</span>
                <span className="mt-4 flex items-center gap-1 text-sm font-bold text-gold-700">
                  詳しく見る
                  <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
