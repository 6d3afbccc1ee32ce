import type { Metadata } from "next";
import { PasswordForm } from "@/components/mypage/account-forms";

export const metadata: Metadata = { title: "パスワード変更" };

export default function PasswordPage() {
  return (
    <section className="grid max-w-xl gap-6">
      <h1 className="border-l-4 border-gold pl-3 text-xl font-bold">パスワード変更</h1>
      <PasswordForm />
    </section>
  );
}
