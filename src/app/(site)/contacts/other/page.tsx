import type { Metadata } from "next";
import { ContactPage } from "../contact-page";

export const metadata: Metadata = { title: "その他のお問い合わせ", alternates: { canonical: "/contacts/other" } };

export default function OtherContactPage() {
  return <ContactPage kind="other" title="その他のお問い合わせ" path="/contacts/other" lead="サイトのご利用方法や当社へのお問い合わせはこちらから。" />;
}
