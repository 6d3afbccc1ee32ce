import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Check, LockKeyhole, MapPin } from "@/components/icons";
import { SPRITE_URL } from "@/components/icons/sprite-url";
import { buildIconSprite } from "../../scripts/lib/icon-sprite";

const root = path.resolve(import.meta.dirname, "../..");

describe("icon sprite", () => {
  it("is up to date with the exported icons (run `npm run icons` after adding one)", () => {
    const { svg, url, names } = buildIconSprite();
    expect(readFileSync(path.join(root, "public", "icons.svg"), "utf8")).toBe(svg);
    expect(SPRITE_URL).toBe(url);
    expect(names).toContain("MapPin");
    // Every exported icon has its symbol, drawn with lucide's own elements.
    for (const name of names) expect(svg).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline|polygon|ellipse)\\b`));
  });

  it("renders an icon as a two-element reference, decorative unless named", () => {
    const html = renderToStaticMarkup(createElement(MapPin, { className: "size-4 text-gold-700" }));
    expect(html).toBe(`<svg class="icon size-4 text-gold-700" aria-hidden="true"><use href="${SPRITE_URL}#MapPin"></use></svg>`);
    const named = renderToStaticMarkup(createElement(LockKeyhole, { "aria-label": "会員限定", role: "img", strokeWidth: 1.5 }));
    expect(named).not.toContain("aria-hidden");
    expect(named).toContain('aria-label="会員限定"');
    expect(named).toContain('style="stroke-width:1.5"');
    expect(renderToStaticMarkup(createElement(Check, { size: 12 }))).toContain('style="width:12px;height:12px"');
  });
});
