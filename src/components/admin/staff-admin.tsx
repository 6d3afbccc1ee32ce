"use client";

import { Button } from "@/components/ui/button";
import { STAFF_INVITE_HOURS } from "@/lib/constants/account";
import { inviteStaffInput, STAFF_STATES, type StaffRow } from "@/schemas/admin/staff";
import { api } from "@/trpc/react";
import { AdminActionMessage, useAdminAction } from "./action-message";
import { AdminForm, AdminSubmitRow, useAdminForm } from "./admin-form";
import { AdminDataTable, type AdminColumn } from "./data-table";
import { AdminInput, Section } from "./form-fields";

const dateFmt = new Intl.DateTimeFormat("ja-JP", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Tokyo" });
const dateOrDash = (d: Date | null) => (d ? dateFmt.format(d) : "—");
const stateName = (k: StaffRow["state"]) => STAFF_STATES.find((s) => s.key === k)?.name ?? k;
const STATE_CLASS: Record<StaffRow["state"], string> = {
  active: "bg-primary text-white",
  invited: "bg-gold-100 text-gold-900",
  disabled: "bg-muted text-muted-foreground",
};

/** Invite form: the new staff member receives a one-time link to set their own password. */
export function StaffInviteForm() {
  const invite = api.admin.staff.invite.useMutation();
  const { form, formProps } = useAdminForm({
    schema: inviteStaffInput,
    defaultValues: { email: "", name: "" },
    fields: ["email", "name"],
    save: async (values) => {
      await invite.mutateAsync(values);
      form.reset({ email: "", name: "" });
      return { saved: `${values.email} に招待メールを送信しました` };
    },
  });
  const f = form as never;
  return (
    <AdminForm {...formProps} actions={<AdminSubmitRow submitting={formProps.submitting} label="招待メールを送信" busyLabel="送信中…" />}>
      <Section title="スタッフを招待">
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminInput form={f} name="name" label="氏名" required />
          <AdminInput form={f} name="email" label="メールアドレス" required type="email" />
        </div>
        <p className="text-xs text-muted-foreground">
          招待したスタッフには、パスワード設定用のURLを記載したメールが届きます（有効期限は{STAFF_INVITE_HOURS}
          時間、1回のみ使用可）。パスワードを設定するまで、管理画面は使えません。期限が切れた場合は、同じメールアドレスで再度招待してください。
        </p>
      </Section>
    </AdminForm>
  );
}

/** The staff list with 無効にする / 有効に戻す; the server refuses disabling yourself or the last active account. */
export function StaffTable({ rows, selfId }: { rows: StaffRow[]; selfId: number }) {
  const disable = api.admin.staff.disable.useMutation();
  const enable = api.admin.staff.enable.useMutation();
  const { message, run } = useAdminAction();
  const columns: AdminColumn<StaffRow>[] = [
    {
      key: "name",
      header: "氏名",
      cell: (r) => (
        <>
          {r.name || "—"}
          {r.id === selfId ? <span className="ml-1 text-xs text-muted-foreground">（自分）</span> : null}
        </>
      ),
    },
    { key: "email", header: "メールアドレス", cell: (r) => <span className="break-all">{r.email}</span> },
    {
      key: "state",
      header: "状態",
      cellClassName: "whitespace-nowrap",
      cell: (r) => <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATE_CLASS[r.state]}`}>{stateName(r.state)}</span>,
    },
    { key: "last", header: "最終ログイン", cellClassName: "whitespace-nowrap", cell: (r) => dateOrDash(r.last_login_at) },
    {
      key: "history",
      header: "記録",
      className: "text-xs",
      cell: (r) => (
        <>
          登録 {dateOrDash(r.created_at)}
          {r.invited_by_name !== null ? `（招待: ${r.invited_by_name || "—"}）` : ""}
          {r.disabled_at ? (
            <>
              <br />
              無効化 {dateOrDash(r.disabled_at)}（{r.disabled_by_name || "—"}）
            </>
          ) : null}
        </>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">操作</span>,
      cellClassName: "whitespace-nowrap text-right",
      cell: (r) =>
        r.id === selfId ? null : r.state === "disabled" ? (
          <Button size="sm" variant="outline" onClick={() => void run(() => enable.mutateAsync({ id: r.id }), `${r.email} を有効に戻しました`)}>
            有効に戻す
          </Button>
        ) : (
          <Button
            size="sm"
            variant="destructive"
            aria-label={`${r.email} を無効にする`}
            onClick={() => {
              if (!window.confirm(`${r.email} を無効にします。このスタッフのログインはすぐに終了し、再びログインできなくなります。よろしいですか？`)) return;
              void run(() => disable.mutateAsync({ id: r.id }), `${r.email} を無効にしました`);
            }}
          >
            無効にする
          </Button>
        ),
    },
  ];
  const action = columns[columns.length - 1]!;
  return (
    <div className="grid gap-3">
      <AdminActionMessage message={message} className="text-sm" />
      <div className="hidden sm:block">
        <AdminDataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="スタッフがいません" />
      </div>
      {/* Phones: one card per staff member instead of a table squeezed to the screen. */}
      <ul className="grid gap-3 sm:hidden">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-1 rounded-lg bg-white p-4 text-sm shadow-sm" data-staff-id={r.id}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-bold">{columns[0]!.cell(r)}</span>
              {columns[2]!.cell(r)}
            </div>
            <span className="break-all">{r.email}</span>
            <span className="text-xs text-muted-foreground">最終ログイン {dateOrDash(r.last_login_at)}</span>
            <span className="text-xs text-muted-foreground">{columns[4]!.cell(r)}</span>
            {r.id === selfId ? null : <div className="mt-1">{action.cell(r)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
