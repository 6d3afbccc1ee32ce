import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginLinkForm } from "@/components/auth/simple-forms";

export const metadata: Metadata = { title: "メールからのログイン", robots: { index: false, follow: false } };

export default async function LoginLinkPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return (
    <AuthCard title="メールからのログイン" lead="安全のため、メールでお送りしたURLからのログインをお願いしています。下のボタンを押すとログインします。">
      <LoginLinkForm kind="user" token={typeof token === "string" ? token : ""} home="/mypage" loginPath="/login" />
    </AuthCard>
  );
}
