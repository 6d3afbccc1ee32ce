/**
 * Turns the web font on (html.wf, see globals.css --font-site) once the page has loaded, and at once on
 * later pages of the same visit (sessionStorage), when the font files are already in the cache.
 *
 * Why after load: on a phone's first visit over 4G the two font files (~105 KiB) took the line while
 * the scripts and the first listing photo were still loading, and held the largest paint back by about
 * half a second (issue 21). The text is drawn from the first paint in the fallback face, whose metrics
 * are Zen Kaku's, so the swap moves no line (CLS stays 0).
 *
 * The files are fetched first (CSS Font Loading API) and the class is set once both weights are in:
 * switching --font-site before that laid the whole page out twice, once in the fallback while the
 * files loaded and again when they arrived (each a full relayout, tens of ms on a phone's CPU, inside
 * the blocking-time window). Without the API, or if a file fails, the class is set as before.
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
  'if(!f||!f.load||!v){on();return}Promise.all([f.load("400 1em "+v),f.load("700 1em "+v)]).then(on,on)}' +
  // After the load event and the first contentful paint (the paint timing entry; at once without the API).
  "function later(){var P=window.PerformanceObserver;" +
  'if(!P||!(P.supportedEntryTypes||[]).includes("paint")||performance.getEntriesByName("first-contentful-paint").length){go();return}' +
  'var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint"})}' +
  'if(document.readyState==="complete")later();else addEventListener("load",later,{once:true})})();';

export function WebFontSwap({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
