import type { Metadata } from "next";
import { SiteOptionsForm } from "@/components/admin/cms-forms";
import { AdminPageShell } from "@/components/admin/page-header";
import { api } from "@/trpc/server";
import { adminPage } from "../_lib/page-guard";

export const metadata: Metadata = { title: "サイト設定" };

const str = (n: number | null) => (n === null ? "" : String(n));

export default async function SiteOptionsPage() {
  await adminPage();
  const o = await api.admin.options.get();
  return (
    <AdminPageShell title="サイト設定">
      <SiteOptionsForm
        computed={o.computed}
        initial={{
          counts_override: {
            members: str(o.counts_override.members),
            investment: { members: str(o.counts_override.investment.members), public: str(o.counts_override.investment.public) },
          },
          holiday_note: o.holiday_note,
        }}
      />
    </AdminPageShell>
  );
}
