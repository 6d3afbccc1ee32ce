/**
 * Turns the web font on (html.wf, see globals.css --font-site) from the second page of a visit, before
 * its first paint (sessionStorage says the files are in the cache); on the first page it only fetches
 * them, after the page has loaded.
 *
 * Why not swap on the first page (issue 31): nothing on a phone may move after the first paint, and a
 * face swapped in mid-page re-wraps every line whose glyphs differ in width from the fallback's (Latin
 * and digits always; everything on a device without a Japanese font): on the list the count row, the
 * sort select and the members' banner grew a line each, shifting the cards (CLS 0.12–0.21 at 390 px).
 * The first page stays in the fallback face, drawn once.
 *
 * Why after load: on a phone's first visit over 4G the two font files (~105 KiB) took the line while
 * the scripts and the first listing photo were still loading, and held the largest paint back by about
 * half a second (issue 21). The fallback face has Zen Kaku's vertical metrics, so a later page's lines
 * keep their height whichever face draws them.
 *
 * The files are fetched through the CSS Font Loading API (document.fonts.load: the faces load without
 * being applied to anything), and the visit is marked once both weights are in. Without the API the
 * mark is not set and the visit stays in the fallback face: a swap would move the page.
 *
 * The fetch starts after the load event and the first contentful paint: on a page served without
 * scripts (static-pages.ts) the load event can come before the first paint, and the two files would
 * then share the line with it.
 *
 * One inline script, rendered on the server with the CSP nonce: no client component, no bundle.
 */
const SCRIPT =
  '(function(){var d=document.documentElement,k="kir-wf";' +
  'function on(){d.classList.add("wf");try{sessionStorage.setItem(k,"1")}catch(e){}}' +
  "try{if(sessionStorage.getItem(k)){on();return}}catch(e){}" +
  'function go(){var f=document.fonts,v=getComputedStyle(d).getPropertyValue("--font-zen-kaku-gothic-new").split(",")[0].trim();' +
  'if(!f||!f.load||!v)return;Promise.all([f.load("400 1em "+v),f.load("700 1em "+v)]).then(function(){try{sessionStorage.setItem(k,"1")}catch(e){}},function(){})}' +
  // After the load event and the first contentful paint (the paint timing entry; at once without the API).
  "function later(){var P=window.PerformanceObserver;" +
  'if(!P||!(P.supportedEntryTypes||[]).includes("paint")||performance.getEntriesByName("first-contentful-paint").length){go();return}' +
  'var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint"})}' +
  'if(document.readyState==="complete")later();else addEventListener("load",later,{once:true})})();';

export function WebFontSwap({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
