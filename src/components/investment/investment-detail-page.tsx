import { Breadcrumbs, type BreadcrumbItem } from "@/components/site-chrome/breadcrumbs";
import type { InvestmentDetail } from "@/server/investments";
import type { BookmarkMode } from "./bookmark-button";
import { InvestmentDetailView } from "./investment-detail";

/** 物件一覧 › area › municipality › the listing. */
export function investmentCrumbs(d: Pick<InvestmentDetail, "name" | "area_cd" | "area_name" | "city_cd" | "city_name">): BreadcrumbItem[] {
  const crumbs: BreadcrumbItem[] = [{ name: "物件一覧", path: "/investments" }];
  if (d.area_cd !== null && d.area_name) crumbs.push({ name: d.area_name, path: `/investments/page/1/?re=${d.area_cd}` });
  if (d.city_name) crumbs.push({ name: d.city_name, path: `/investments/page/1/?ct=${d.city_cd}` });
  crumbs.push({ name: d.name });
  return crumbs;
}

/**
 * The visible body of a listing's detail page (breadcrumb bar and the detail
 * view), shared by the public page /investments/[id] and the admin preview
 * area so that the preview is the page as it will be published.
 */
export function InvestmentDetailPageBody({
  detail,
  bookmark,
  mapsKey,
  preview = false,
}: {
  detail: InvestmentDetail;
  bookmark: BookmarkMode | null;
  mapsKey?: string;
  /** Admin preview: nothing is recorded (最近見た物件). */
  preview?: boolean;
}) {
  return (
    <>
      <div className="border-b border-border bg-muted/70">
        <div className="mx-auto max-w-7xl px-4 py-3 sm:px-5">
          <Breadcrumbs items={investmentCrumbs(detail)} />
        </div>
      </div>
      <InvestmentDetailView detail={detail} now={new Date()} mapsKey={mapsKey} bookmark={bookmark} preview={preview} />
    </>
  );
}
