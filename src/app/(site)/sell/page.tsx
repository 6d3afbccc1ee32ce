import type { Metadata } from "next";
import { ContactPage } from "../contacts/contact-page";

export const metadata: Metadata = {
  title: "売却査定のご依頼",
  description: "大阪・兵庫・京都の収益物件の売却査定を無料で承ります。投資家ネットワークを活かし、適正価格での早期売却をご提案します。",
  alternates: { canonical: "/sell" },
};

export default function SellPage() {
  return (
    <ContactPage
      kind="sell"
      title="売却査定のご依頼"
      path="/sell"
      lead="一棟マンション・アパート・ビル・区分・土地の査定を無料で承ります。物件の概要をご入力ください。"
    />
  );
}
