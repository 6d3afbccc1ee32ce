/**
 * The little the site chrome needs a script for, as one inline script in the document head, so it
 * works the same on hydrated pages and on the content pages served without React (issue 21):
 * - a listing thumbnail that fails to load (`img[data-thumb]`, investment-thumb.tsx) hides its picture
 *   and the placeholder behind it shows; listened for on the document in the capture phase (load
 *   errors do not bubble), from before the first image is parsed;
 * - a link followed inside an open popover (the side menu, the phone popover) closes it: a page that
 *   navigates on the client keeps the chrome, and the menu would otherwise stay open over the new page;
 * - a browser without HTML popovers (Safari before 17) gets their open and close: the button toggles
 *   the panel's `hidden` class (the panels carry it, and `open:` shows them where popovers exist).
 */
const SCRIPT =
  "(function(){var d=document;" +
  'd.addEventListener("error",function(e){var t=e.target;if(!t||!t.hasAttribute||!t.hasAttribute("data-thumb"))return;' +
  'var p=t.parentNode;(p&&p.nodeName==="PICTURE"?p:t).hidden=true},true);' +
  'd.addEventListener("click",function(e){var t=e.target,a=t&&t.closest&&t.closest("a[href]"),p=a&&a.closest("[popover]");' +
  'if(p){if(p.hidePopover)try{p.hidePopover()}catch(x){}else p.classList.add("hidden")}});' +
  'if(!("popover" in HTMLElement.prototype))d.addEventListener("click",function(e){var t=e.target,b=t&&t.closest&&t.closest("[popovertarget]"),' +
  'p=b&&d.getElementById(b.getAttribute("popovertarget"));if(p)p.classList.toggle("hidden")})})();';

export function ChromeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
