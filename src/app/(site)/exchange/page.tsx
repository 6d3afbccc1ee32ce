import type { Metadata } from "next";
import { ContactPage } from "../contacts/contact-page";

export const metadata: Metadata = {
  title: "不動産業者様へ",
  description: "物件情報のご提供・買取のご相談・共同仲介のご連絡はこちらから。",
  alternates: { canonical: "/exchange" },
};

export default function ExchangePage() {
  return <ContactPage kind="exchange" title="不動産業者様へ" path="/exchange" lead="収益物件の情報提供・買取のご相談・共同仲介を歓迎しております。" />;
}
