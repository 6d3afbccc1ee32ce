import type { Metadata } from "next";
import Link from "next/link";
import { MemberRegisterForm } from "@/components/admin/member-register-form";
import { requireAdmin } from "@/server/auth/page-guards";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "会員登録" };

export default async function NewAccountPage() {
  await requireAdmin();
  const base = env().ADMIN_BASE_PATH;
  return (
    <div className="grid gap-6">
      <p className="text-sm">
        <Link href={`${base}/accounts`} className="underline">
          ← 会員一覧
        </Link>
      </p>
      <h1 className="text-xl font-bold">会員登録</h1>
      <MemberRegisterForm base={base} />
    </div>
  );
}
