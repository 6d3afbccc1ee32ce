/**
 * The little the site chrome needs a script for, as one inline script in the document head, so it
 * works the same on hydrated pages and on the content pages served without React (issue 21):
 * - a listing thumbnail that fails to load (`img[data-thumb]`, investment-thumb.tsx) hides its picture
 *   and the placeholder behind it shows; listened for on the document in the capture phase (load
 *   errors do not bubble), from before the first image is parsed;
 * - a link followed inside an open popover (the side menu, the phone popover) closes it: a page that
 *   navigates on the client keeps the chrome, and the menu would otherwise stay open over the new page;
 * - a browser without HTML popovers (Safari before 17) gets their open and close: the button toggles
 *   the panel's `hidden` class (the panels carry it, and `open:` shows them where popovers exist);
 * - on a list page (/investments, /investments/page/{n}), a plain link to a search page or the map
 *   (the header's エリア・路線・駅・こだわり条件・地図, the side menu's) opens it with the list's
 *   conditions (issue 30: refining never starts from nothing). The chrome is rendered without the
 *   page's URL, so the conditions are added when the link is followed: a full load of that URL
 *   (the search page then offers to clear them);
 * - a `select[data-submit-on-change]` (the list's sort order) changed before its component has mounted
 *   submits its GET form: on a visitor's list served without scripts (static-pages.ts) until something
 *   starts them, on a member's list while its scripts are still loading (a phone on 4G, a busy
 *   machine), and while React is hydrating it: React's props are on the element by then, but React
 *   stopped such a change before its own handler ran, and the list never changed. Once the component's mount effect has marked the select `data-mounted`, its own
 *   handler navigates and this one stands aside.
 */
const SCRIPT =
  "(function(){var d=document;" +
  'd.addEventListener("error",function(e){var t=e.target;if(!t||!t.hasAttribute||!t.hasAttribute("data-thumb"))return;' +
  'var p=t.parentNode;(p&&p.nodeName==="PICTURE"?p:t).hidden=true},true);' +
  'd.addEventListener("click",function(e){var t=e.target,a=t&&t.closest&&t.closest("a[href]"),p=a&&a.closest("[popover]");' +
  'if(p){if(p.hidePopover)try{p.hidePopover()}catch(x){}else p.classList.add("hidden")}});' +
  'if(!("popover" in HTMLElement.prototype))d.addEventListener("click",function(e){var t=e.target,b=t&&t.closest&&t.closest("[popovertarget]"),' +
  'p=b&&d.getElementById(b.getAttribute("popovertarget"));if(p)p.classList.toggle("hidden")});' +
  'd.addEventListener("click",function(e){var t=e.target,a=t&&t.closest&&t.closest("a[href]"),l=location;' +
  "if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target||a.search||a.origin!==l.origin)return;" +
  "if(!/^\\/investments(\\/search\\/(area|train|feature)|\\/map)\\/?$/.test(a.pathname)||!/^\\/investments(\\/page\\/\\d+)?\\/?$/.test(l.pathname))return;" +
  'var q=new URLSearchParams(l.search);["vw","pp","filter","page","to","c","z"].forEach(function(k){q.delete(k)});var s=q.toString();' +
  'if(!s)return;e.preventDefault();e.stopPropagation();l.assign(a.pathname+"?"+s)},true);' +
  'd.addEventListener("change",function(e){var t=e.target;if(!t||!t.matches||!t.matches("select[data-submit-on-change]")||!t.form)return;' +
  'if(t.hasAttribute("data-mounted"))return;t.form.requestSubmit?t.form.requestSubmit():t.form.submit()},true)})();';

export function ChromeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
