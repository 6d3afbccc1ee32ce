"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { MEMBER_STATUSES, MEMBER_TYPES, type MemberStatus, type MemberType } from "@/lib/constants/account";
import { api } from "@/trpc/react";
import { AdminActionMessage, useAdminAction } from "./action-message";
import { AdminDeleteButton } from "./delete-button";

const select = "h-9 rounded-md border border-border bg-white px-2 text-sm";

/** Staff actions on one member: status, type, forgot-password mail, end sessions, delete. */
export function AccountActions({ base, id, status, type }: { base: string; id: number; status: string; type: string }) {
  const router = useRouter();
  const { message, run } = useAdminAction();
  const [st, setSt] = useState(status);
  const [ty, setTy] = useState(type);
  const setStatus = api.admin.accounts.setStatus.useMutation();
  const setType = api.admin.accounts.setType.useMutation();
  const forgot = api.admin.accounts.sendForgotPassword.useMutation();
  const endSessions = api.admin.accounts.endSessions.useMutation();
  const remove = api.admin.accounts.remove.useMutation();
  return (
    <section className="grid gap-4 rounded-lg bg-white p-5 text-sm shadow-sm" aria-label="会員の操作">
      <h2 className="font-bold">操作</h2>
      <div className="flex items-end gap-2">
        <label className="grid flex-1 gap-1">
          ステータス
          <select className={select} value={st} onChange={(e) => setSt(e.target.value)}>
            {MEMBER_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          onClick={() => {
            if (st === "suspended" && !window.confirm("停止すると、この会員のログインはすべて終了します。よろしいですか？")) return;
            void run(() => setStatus.mutateAsync({ id, status: st as MemberStatus }), "ステータスを変更しました");
          }}
        >
          変更
        </Button>
      </div>
      <div className="flex items-end gap-2">
        <label className="grid flex-1 gap-1">
          会員種別
          <select className={select} value={ty} onChange={(e) => setTy(e.target.value)}>
            {MEMBER_TYPES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <Button size="sm" onClick={() => void run(() => setType.mutateAsync({ id, type: ty as MemberType }), "会員種別を変更しました")}>
          変更
        </Button>
      </div>
      <Button variant="outline" size="sm" onClick={() => void run(() => forgot.mutateAsync({ id }), "パスワード再設定メールを送信しました")}>
        パスワード再設定メールを送信
      </Button>
      <Button variant="outline" size="sm" onClick={() => void run(() => endSessions.mutateAsync({ id }), "すべてのセッションを終了しました")}>
        すべてのセッションを終了
      </Button>
      <Button
        variant="destructive"
        size="sm"
        onClick={async () => {
          if (!window.confirm("この会員を削除します（削除済み会員に移動します）。よろしいですか？")) return;
          await run(() => remove.mutateAsync({ id }), "削除しました");
          router.push(`${base}/accounts`);
        }}
      >
        会員を削除
      </Button>
      <AdminActionMessage message={message} />
    </section>
  );
}

/** The deleted list's only action: permanent removal. */
export function PurgeAccountButton({ base, id }: { base: string; id: number }) {
  const purge = api.admin.accounts.deleted.remove.useMutation();
  return (
    <section className="grid gap-3 rounded-lg bg-white p-5 text-sm shadow-sm" aria-label="会員の操作">
      <h2 className="font-bold">操作</h2>
      <AdminDeleteButton
        confirm="この会員を完全に削除します。お気に入り・検索条件なども消え、元に戻せません。よろしいですか？"
        remove={() => purge.mutateAsync({ id })}
        then={`${base}/accounts/deleted`}
        disabled={purge.isPending}
      >
        完全に削除
      </AdminDeleteButton>
      {purge.isError ? (
        <p role="alert" className="text-error">
          {purge.error.message}
        </p>
      ) : null}
    </section>
  );
}
