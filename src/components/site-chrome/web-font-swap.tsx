/**
 * Turns the web font on (html.wf, see globals.css --font-site) once the page has loaded, and at once on
 * later pages of the same visit (sessionStorage), when the font files are already in the cache.
 *
 * Why after load: on a phone's first visit over 4G the two font files (~105 KiB) took the line while
 * the scripts and the first listing photo were still loading, and held the largest paint back by about
 * half a second (issue 21). The text is drawn from the first paint in the fallback face, whose metrics
 * are Zen Kaku's, so the swap moves no line (CLS stays 0).
 *
 * One inline script, rendered on the server with the CSP nonce: no client component, no bundle.
 */
const SCRIPT =
  '(function(){var d=document.documentElement,k="kir-wf";' +
  'function on(){d.classList.add("wf");try{sessionStorage.setItem(k,"1")}catch(e){}}' +
  'try{if(sessionStorage.getItem(k)){on();return}}catch(e){}' +
  'if(document.readyState==="complete")on();else addEventListener("load",on,{once:true})})();';

export function WebFontSwap({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
