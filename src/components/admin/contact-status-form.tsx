"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { INQUIRY_STATUSES } from "@/lib/constants/contact";
import { api } from "@/trpc/react";

/** Staff update an inquiry's status (新規 / 対応中 / 完了) and memo. */
export function ContactStatusForm({ id, status, memo }: { id: number; status: string; memo: string }) {
  const router = useRouter();
  const [value, setValue] = useState(status);
  const [text, setText] = useState(memo);
  const update = api.admin.contacts.update.useMutation({ onSuccess: () => router.refresh() });
  return (
    <form
      className="grid gap-3 rounded-lg bg-white p-4 text-sm shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id, status: value as never, memo: text });
      }}
    >
      <label className="grid gap-1 font-bold">
        対応状況
        <select value={value} onChange={(e) => setValue(e.target.value)} className="h-9 rounded-md border border-border px-2 font-normal">
          {INQUIRY_STATUSES.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 font-bold">
        メモ
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={5} className="rounded-md border border-border px-2 py-1 font-normal" />
      </label>
      <button type="submit" disabled={update.isPending} className="h-9 rounded-md bg-primary font-bold text-white disabled:opacity-50">
        {update.isPending ? "保存中…" : "保存する"}
      </button>
      {update.isSuccess ? (
        <p role="status" className="text-gold-700">
          保存しました
        </p>
      ) : null}
      {update.isError ? (
        <p role="alert" className="text-error">
          {update.error.message}
        </p>
      ) : null}
    </form>
  );
}
