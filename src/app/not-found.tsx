import type { Metadata } from "next";
import { NotFoundBody } from "@/components/content/not-found-body";
import { Footer } from "@/components/site-chrome/footer";
import { Header } from "@/components/site-chrome/header";

export const metadata: Metadata = { title: "ページが見つかりません", robots: { index: false, follow: true } };

/**
 * URLs that match no route: the same 404 with the site chrome. Rendered
 * outside (site)/layout, so the header gets no server data; its counts and
 * side menu load from the browser (the same tRPC queries).
 */
export default function RootNotFound() {
  return (
    <>
      <Header />
      <main id="main" className="flex-1">
        <NotFoundBody breadcrumbs={false} />
      </main>
      <Footer />
    </>
  );
}
