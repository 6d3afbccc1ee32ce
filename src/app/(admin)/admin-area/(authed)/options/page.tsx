import type { Metadata } from "next";
import { SiteOptionsForm } from "@/components/admin/cms-forms";
import { requireAdmin } from "@/server/auth/page-guards";
import { api } from "@/trpc/server";

export const metadata: Metadata = { title: "サイト設定" };

const str = (n: number | null) => (n === null ? "" : String(n));

export default async function SiteOptionsPage() {
  await requireAdmin();
  const o = await api.admin.options.get();
  return (
    <div className="grid gap-6">
      <h1 className="text-xl font-bold">サイト設定</h1>
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
    </div>
  );
}
