import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginLinkForm } from "@/components/auth/simple-forms";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "メールからのログイン" };

export default async function AdminLoginLinkPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const base = env().ADMIN_BASE_PATH;
  return (
    <>
      <header className="bg-primary px-6 py-4 text-lg font-bold text-white">システム管理</header>
      <AuthCard title="メールからのログイン" lead="安全のため、メールでお送りしたURLからのログインをお願いしています。下のボタンを押すとログインします。">
        <LoginLinkForm kind="admin" token={typeof token === "string" ? token : ""} home={base} loginPath={`${base}/login`} />
      </AuthCard>
    </>
  );
}
