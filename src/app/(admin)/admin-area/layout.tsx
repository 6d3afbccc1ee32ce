import type { Metadata } from "next";
import { SITE } from "@/lib/constants/site";
import { ApiLayout } from "@/trpc/api-layout";

/** Every admin page: noindex, nofollow, title suffix システム管理, no analytics tag (spec §2). */
export const metadata: Metadata = {
  title: { default: "システム管理", template: "%s | システム管理" },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

export default function AdminRootLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <ApiLayout>{children}</ApiLayout>
      <footer className="mt-auto border-t border-border bg-white py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {SITE.corporateName}
      </footer>
    </div>
  );
}
