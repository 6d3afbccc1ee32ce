import type { Metadata } from "next";
import { ContactPage } from "../contact-page";

export const metadata: Metadata = {
  title: "投資相談",
  description: "関西の収益物件への投資について、物件選び・融資・資金計画・節税までお気軽にご相談ください。",
  alternates: { canonical: "/contacts/consult" },
};

export default function ConsultPage() {
  return (
    <ContactPage
      kind="consult"
      title="投資相談"
      path="/contacts/consult"
      lead="初めての不動産投資から買い増し・組み換えまで、専任スタッフがご相談を承ります。相談は無料です。"
    />
  );
}
