import { Breadcrumbs } from "@/components/site-chrome/breadcrumbs";
import { NotFoundContent } from "./not-found-content";

/** notFound() under the public site: breadcrumbs (with their JSON-LD, server-side) and the 404 content. */
export function NotFoundBody() {
  return (
    <div data-slot="not-found">
      <div className="mx-auto max-w-3xl px-4 pt-3 sm:px-5">
        <Breadcrumbs items={[{ name: "ページが見つかりません" }]} />
      </div>
      <NotFoundContent />
    </div>
  );
}
