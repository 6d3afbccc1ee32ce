/**
 * `npm run icons`: writes public/icons.svg and src/components/icons/sprite-url.ts
 * from the icons exported by src/components/icons (see there). A unit test
 * fails when they are out of date.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildIconSprite, SPRITE_URL_MODULE } from "./lib/icon-sprite";

const root = path.resolve(import.meta.dirname, "..");
const { svg, url, names } = buildIconSprite();
writeFileSync(path.join(root, "public", "icons.svg"), svg);
writeFileSync(path.join(root, "src", "components", "icons", "sprite-url.ts"), SPRITE_URL_MODULE(url));
console.log(`[icons] ${names.length} icons, ${Buffer.byteLength(svg)} bytes, ${url}`);
