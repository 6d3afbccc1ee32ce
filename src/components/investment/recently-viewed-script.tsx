import { headers } from "next/headers";
import { nonceOf } from "@/server/http/security-headers";
import { RECENT_KEEP, RECENT_KEY, type ViewedEntry } from "./recent-views";

/**
 * Records a visitor's view of a listing in 最近見た物件 (localStorage, the format RecentlyViewed reads)
 * from the HTML itself, before any React (issue 31): a visitor's detail page hydrates only when
 * needed (src/server/http/static-pages.ts), and a view must count even when nothing on it is touched.
 * When the browser holds other listings, it marks its parent `data-hydrate-when-near`, so the list
 * (RecentlyViewed, a client component) hydrates as the visitor comes near it. On a hydrated page or
 * after a client navigation, RecentlyViewed records the view as well (the same entry moves to the top).
 */
export async function RecordViewScript({ entry }: { entry: Omit<ViewedEntry, "at"> }) {
  const nonce = nonceOf((await headers()).get("content-security-policy"));
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  const script =
    `(function(){try{var k=${json(RECENT_KEY)},e=${json(entry)},s=document.currentScript,l=JSON.parse(localStorage.getItem(k)||"[]");` +
    'if(!Array.isArray(l))l=[];l=l.filter(function(x){return x&&typeof x.id==="number"&&x.id!==e.id});' +
    `e.at=Date.now();localStorage.setItem(k,JSON.stringify([e].concat(l).slice(0,${RECENT_KEEP})));` +
    'if(l.length&&s&&s.parentNode)s.parentNode.setAttribute("data-hydrate-when-near","")}catch(x){}})();';
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
