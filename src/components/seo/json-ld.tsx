import { serializeJsonLd } from "@/lib/seo-jsonld";

/**
 * <script type="application/ld+json"> for schema.org data. Server component.
 * serializeJsonLd escapes "<", ">" and "&", so no value inside the data (a
 * title, an excerpt) can end the script element. null/undefined/[] render nothing.
 */
export function JsonLd({ data, id }: { data: object | readonly object[] | null | undefined; id?: string }) {
  if (!data || (Array.isArray(data) && data.length === 0)) return null;
  return (
    <script
      type="application/ld+json"
      id={id}
      // The string is JSON produced by serializeJsonLd, with every "<" escaped.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
