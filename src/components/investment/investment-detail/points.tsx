import { Badge } from "@/components/ui/badge";
import type { InvestmentDetail } from "@/server/investments";
import { DetailSection } from "../spec-list";
import type { DetailFacts } from "./facts";

/** 物件のポイント: the feature badges and the catch copy and remarks (nothing when the listing has none). */
export function DetailPoints({ detail: d, features }: { detail: InvestmentDetail; features: DetailFacts["features"] }) {
  if (!(d.comments?.main || d.comments?.sub || features.length > 0)) return null;
  return (
    <DetailSection id="detail-points" title="物件のポイント">
      {features.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-1.5" aria-label="こだわり条件">
          {features.map((f) => (
            <li key={f.id}>
              <Badge variant="gold-outline">{f.name}</Badge>
            </li>
          ))}
        </ul>
      )}
      {d.comments?.main && <p className="text-base font-bold leading-relaxed">{d.comments.main}</p>}
      {d.comments?.sub && <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-primary-700">{d.comments.sub}</p>}
    </DetailSection>
  );
}
