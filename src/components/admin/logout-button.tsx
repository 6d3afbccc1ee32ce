"use client";

import { api } from "@/trpc/react";

/** Admin logout (POST /sanctum/admin/logout's procedure), then the admin login page. */
export function AdminLogoutButton({ loginPath }: { loginPath: string }) {
  const logout = api.public.auth.adminLogout.useMutation();
  return (
    <button
      type="button"
      className="rounded-md border border-white/30 px-3 py-1.5 text-sm hover:bg-white/10"
      onClick={async () => {
        await logout.mutateAsync().catch(() => undefined);
        window.location.assign(loginPath);
      }}
    >
      ログアウト
    </button>
  );
}
