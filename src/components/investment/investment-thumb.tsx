import { investmentImageSrc, listingSrcSet } from "./links";

/**
 * How wide a card's picture is drawn, for `sizes` (investment-card.tsx). Phones: the picture fills a
 * 7.5rem column as tall as the card's text (about 190–220 px at 390 px), so a 4:3 photo is drawn
 * 250–290 px wide and cropped. 240px, not 120px (the 160 px file would be stretched 1.7×), and a
 * little under the drawn width so that a 2× phone takes the 480 px file, not the 800 px one
 * (270px did: +20 % image bytes on the list for no visible gain in a thumbnail).
 * From sm a 4:3 cell of the card grid. Each grid passes its own; this default is the list page's:
 * 2 columns from sm, a 15rem filter column from lg, 3 columns from xl in an 80rem page.
 */
export const CARD_SIZES_LIST = "(min-width: 1280px) 315px, (min-width: 1024px) calc(50vw - 160px), (min-width: 640px) calc(50vw - 28px), 240px";

/**
 * A listing thumbnail laid over its placeholder: AVIF and WebP sources at
 * 160–800 px for the browser to choose from by `sizes` and the screen's
 * density, the 480 px JPEG for browsers with neither. If the image fails
 * (missing file, route not there) the chrome's inline script (chrome-script.tsx,
 * `data-thumb`) hides it and the neutral placeholder behind it shows: no client
 * component, so the cards render on pages served without React (issue 21).
 */
export function InvestmentThumb({
  investmentId,
  name,
  alt,
  className,
  sizes = CARD_SIZES_LIST,
  eager = false,
}: {
  investmentId: number;
  /** Storage name of the image. */
  name: string;
  alt: string;
  /** Appended as it is (no tailwind-merge in this island): only classes the picture does not set. */
  className?: string;
  sizes?: string;
  eager?: boolean;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={listingSrcSet(investmentId, name, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={listingSrcSet(investmentId, name, "webp")} sizes={sizes} />
      <img
        data-thumb=""
        src={investmentImageSrc(investmentId, name, "thumb_jpg")}
        alt={alt}
        width={480}
        height={360}
        loading={eager ? "eager" : "lazy"}
        // The first cards hold the page's largest paint on a phone: fetched before other images.
        fetchPriority={eager ? "high" : "auto"}
        decoding="async"
        className={`listing-card-img${className ? ` ${className}` : ""}`}
      />
    </picture>
  );
}
