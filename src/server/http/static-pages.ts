import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import vm from "node:vm";
import { hasSessionCookie } from "@/server/auth/cookie";
import { HAZARD_STORAGE_KEY } from "@/components/map/hazard-loader";
import { DEFAULT_LIST_VIEW, DEFAULT_PAGE_SIZE, LIST_VIEW_STORAGE_KEY } from "@/lib/list-view";
import { logger } from "@/server/logger";

/**
 * Content pages served as HTML and CSS alone (issue 21: ≤ 100 KiB of JavaScript on content pages,
 * while React and Next's client router are about 114 KiB before any of our code).
 *
 * A content page (home, blog, the fixed pages: CONTENT_PAGES) whose server render uses no client
 * component that needs React in the browser is sent without Next's scripts and without the RSC
 * payload that feeds them: nothing on such a page needs them. Its links are plain anchors (a full page
 * load, with the HTML already small), the keyword box is a GET form, the side menu and the phone
 * popover are HTML popovers with a logout form, and the chrome's inline script (chrome-script.tsx) does
 * the rest. The page is still rendered by Next per request, for whoever is looking: only the bytes after
 * the render change, never who sees what.
 *
 * Whether a page qualifies is decided per response, from the page's own RSC payload: every client
 * reference in it (`I[...]` rows) must be a module that does its job as server-rendered HTML
 * (WORKS_AS_HTML, looked up by id in the build's client-reference manifests). Anything else, a client
 * component added to a content page tomorrow, or the counts' browser fetch when the server could not
 * read them, and the page is sent as Next wrote it, hydrated. So this can only make a page lighter,
 * never break one; `static_page.hydrated` in the log names the module that kept a page hydrated.
 *
 * Only GET page loads are touched; client navigations (RSC requests) from hydrated pages get their
 * payload as usual. The response is held until Next has finished it, then sent at once: content pages
 * have no streamed parts, and the page cache and compression (outside this) see the final bytes.
 */

/** Paths of the content pages: home, blog list and posts, the fixed pages (not the ones built around a form: 売却査定, 業者様向け). */
export const CONTENT_PAGES = /^\/(?:blogs(?:\/[^/]+)*|about|advantage|corporate|results|staff|faq|terms|privacy|antisocial|sitemap)?\/?$/;

/** Client modules that do their job as server-rendered HTML (paths relative to the project). */
const WORKS_AS_HTML: readonly RegExp[] = [
  // Next's own: the layout router and boundaries (nothing to do on a page that rendered), next/link
  // (an anchor), the metadata icon mark. Not next/dynamic's client-only bailout, which renders nothing.
  /^node_modules\/next\/dist\/(?!.*lazy-dynamic)/,
  // Error and not-found boundaries: rendered only after a failure, and a failed page is not a 200.
  /^src\/app\/(?:.*\/)?(?:error|global-error|not-found)\.tsx$/,
  /^src\/components\/content\/(?:lazy-site-not-found-page|not-found-content)\.tsx$/,
  // A GET form to the list page; React only turns an empty keyword into /investments.
  /^src\/components\/site-chrome\/keyword-search\.tsx$/,
];

/**
 * List, detail and map pages (issue 31): hydrated only when a visitor first needs React, not at load. On a
 * phone the React runtime's start and the hydration of twenty cards were most of the main thread's work
 * (a 600 ms task at 4× slowdown, TBT around 1 s), for a page whose cards, links, refine sheet and forms
 * work as HTML. A listing's detail is the same: its facts, price table and description are server HTML;
 * the gallery's buttons wait for a tap, the simulator (its opening figures already in the HTML) and
 * 最近見た物件 for the visitor to come near them. Served to visitors (no session cookie) when every client
 * module on the page works as HTML or can wait (DEFER_UNTIL_TAP); members and admins get the page as
 * Next wrote it (a member's simulator opens on their saved terms, their bookmark toggles at once).
 */
export const DEFERRED_PAGES = /^\/investments(?:\/page\/[1-9]\d{0,5}|\/[1-9]\d{0,14}|\/map)?\/?$/;

/**
 * Client modules whose server HTML is right until someone uses them, and whose first use the
 * loader (DEFER_LOADER) carries over to React: the search dialog's trigger (a click is held, the page
 * hydrated, the click given again), the sort select (its GET form is submitted), the list-view memory
 * (the page hydrates at once when there is a choice to remember or to restore), and the save-condition
 * box, a plain link for visitors (the only ones served so). On a detail: the gallery (every control
 * `data-hydrate-on-tap`, the zoom a popup trigger), the simulator (`data-hydrate-when-near`), 最近見た物件
 * (the view is recorded by an inline script; the list hydrates near, recently-viewed-script.ts) and the
 * bookmark, a link to the login for visitors.
 */
const DEFER_UNTIL_TAP: readonly RegExp[] = [
  /^src\/components\/search\/search-dialog\.tsx$/,
  /^src\/components\/search\/sort-select\.tsx$/,
  /^src\/components\/search\/save-filter-button\.tsx$/,
  /^src\/app\/\(site\)\/investments\/_list\/list-view-memory\.tsx$/,
  /^src\/components\/investment\/(?:investment-gallery|bookmark-button|recently-viewed)\.tsx$/,
  /^src\/components\/investment\/cash-flow-simulator\/lazy\.tsx$/,
  // the map search: its first view is server HTML (map-preview.tsx); touching, pointing at or focusing
  // the map (`data-hydrate-on-tap`'s gentler kin, `data-hydrate-on-touch`) builds it
  /^src\/components\/map\/map-search\.tsx$/,
];

/** Bodies above this are sent as they are (no content page is near it). */
const MAX_HELD_BYTES = 2 * 1024 * 1024;
const NOT_A_PAGE_REQUEST = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action"];

export interface ClientModuleIndex {
  /** Client module id → project-relative path, from every client-reference manifest of the build. */
  paths: Map<string, string>;
  /** The ids whose module works as HTML. */
  inert: Set<string>;
  /** The ids whose module may wait for the visitor's first tap (DEFER_UNTIL_TAP). */
  deferrable: Set<string>;
}

/** Reads `.next/server/app/**\/*_client-reference-manifest.js` (what the build wrote; evaluated in a sandbox). */
export function loadClientModuleIndex(
  serverAppDir: string,
  worksAsHtml: readonly RegExp[] = WORKS_AS_HTML,
  deferUntilTap: readonly RegExp[] = DEFER_UNTIL_TAP,
): ClientModuleIndex {
  const paths = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith("_client-reference-manifest.js")) {
        const sandbox = vm.createContext({});
        vm.runInContext(fs.readFileSync(full, "utf8"), sandbox, { timeout: 1000 });
        const manifests = (sandbox as { __RSC_MANIFEST?: Record<string, { clientModules?: Record<string, { id: string | number }> }> }).__RSC_MANIFEST ?? {};
        for (const manifest of Object.values(manifests)) {
          for (const [key, mod] of Object.entries(manifest.clientModules ?? {})) {
            const file = key.replace(/^\[project\]\//, "").replace(/ <[^>]+>$/, "");
            paths.set(String(mod.id), file);
          }
        }
      }
    }
  };
  if (fs.existsSync(serverAppDir)) visit(serverAppDir);
  const inert = new Set([...paths].filter(([, file]) => worksAsHtml.some((re) => re.test(file))).map(([id]) => id));
  const deferrable = new Set([...paths].filter(([, file]) => deferUntilTap.some((re) => re.test(file))).map(([id]) => id));
  return { paths, inert, deferrable };
}

const FLIGHT_SCRIPT = /<script\b[^>]*>\s*(?:\(self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\)|self\.__next_f)\.push\((\[[\s\S]*?\])\)\s*<\/script>/g;
const RUNTIME_SCRIPT = /<script\b[^>]*\bsrc="\/_next\/static\/[^"]*"[^>]*><\/script>/g;
const RUNTIME_PRELOAD =
  /<link\b[^>]*\bas="script"[^>]*\bhref="\/_next\/static\/[^"]*"[^>]*\/?>|<link\b[^>]*\bhref="\/_next\/static\/[^"]*"[^>]*\bas="script"[^>]*\/?>/g;
/** Turbopack's chunk-loading bootstrap (an inline script naming the other chunks). */
const BUNDLER_BOOTSTRAP = /<script\b[^>]*>\s*\(globalThis\["TURBOPACK"\][\s\S]*?<\/script>/g;
/** A client reference row of the RSC payload: `id:I[moduleId,[chunks…],"export"…]`. */
const CLIENT_REFERENCE = /(?:^|\n)[0-9a-f]+:I\[(\d+|"[^"]*")/g;

export type StaticPageResult = { html: string } | { keep: string };

/**
 * The page without Next's scripts, or why it keeps them: a client module that needs React (its path),
 * or a page that does not look like Next's output (nothing is changed then).
 */
export function toStaticPage(html: string, index: ClientModuleIndex): StaticPageResult {
  const r = cutRuntime(html, index, index.inert);
  return "keep" in r ? r : { html: r.marked.replace(MARKER, "") };
}

/**
 * A list page whose React waits for the visitor (DEFERRED_PAGES): the page without Next's scripts, as
 * toStaticPage, plus what they were, held as data, and the loader that runs them on first need.
 * `keep` when a client module on the page can neither work as HTML nor wait.
 */
export function toDeferredPage(html: string, index: ClientModuleIndex): StaticPageResult {
  const r = cutRuntime(html, index, new Set([...index.inert, ...index.deferrable]));
  if ("keep" in r) return r;
  const nonce = /<script\b[^>]*\bnonce="([^"]+)"/.exec(html)?.[1];
  // Held in place, as scripts of a type no browser runs: their text needs no escaping (it was already
  // script text) and the page's order is kept for the loader.
  // Each carries this response's nonce, and the loader runs only those that do: markup injected into
  // the page cannot pose as a held script to borrow the loader's nonce (a CSP script gadget).
  const held = `<script type="${HELD_TYPE}"${nonce ? ` nonce="${nonce}"` : ""}`;
  const out = r.marked.replace(MARKER, (_, i: string) => {
    const { kind, text } = r.cut[Number(i)]!;
    if (kind === "inline") return `${held}>${innerOf(text)}</script>`;
    // Module scripts only: the nomodule polyfills are for browsers without modules, which run nothing of this.
    if (kind === "chunk") return /\bnomodule\b/i.test(text) ? "" : `${held} data-src="${/\bsrc="([^"]+)"/.exec(text)![1]}"></script>`;
    return "";
  });
  const loader = `<script${nonce ? ` nonce="${nonce}"` : ""}>${DEFER_LOADER}</script>`;
  const at = out.lastIndexOf("</body>");
  return { html: at === -1 ? out + loader : out.slice(0, at) + loader + out.slice(at) };
}

const HELD_TYPE = "text/x-kir-held";
/**
 * How far below the screen a `[data-hydrate-when-near]` element starts the page's hydration: far enough
 * that React has the simulator before a scrolling visitor reaches it, near enough that a phone's first
 * screen (the gallery, the key figures) does not start it.
 */
const NEAR_MARGIN_PX = 300;
const innerOf = (script: string) => script.slice(script.indexOf(">") + 1, script.lastIndexOf("</script>"));

/**
 * The loader of a deferred page (kept to old syntax: it runs before anything else could polyfill).
 * Runs the held scripts (inline ones first, in page order, then the chunks) when:
 * - a control that needs React is pressed (a lazy overlay's trigger, `button[aria-haspopup]`, or
 *   `[data-hydrate-on-tap]`): pointing at it or focusing it starts the load, the click itself is held
 *   and given again once React has committed that element (its `[data-mount-mark]` component is marked
 *   `data-mounted`, mount-mark.ts; an element outside such a component: once it carries React's props);
 *   so is an arrow key pressed on it (the gallery's keyboard);
 * - an element marked `[data-hydrate-when-near]` comes within NEAR of the viewport, or is focused or
 *   touched (the detail's simulator and 最近見た物件: their server HTML stands until then);
 * - an element marked `[data-hydrate-on-touch]` is touched, pointed at or focused (the map search: on a
 *   phone's first screen, so not on coming near; its drawn first view stands until then);
 * - a list page has a view choice in its URL to remember, or a remembered one to restore (ListViewMemory
 *   does both once hydrated: the choice's storage key and defaults are list-view.ts');
 * - the map has hazard overlays remembered from an earlier visit (hazard-loader.ts' storage key).
 * (A `select[data-submit-on-change]` changed before then submits its GET form: chrome-script.tsx, which
 * does it on members' pages too.)
 */
const DEFER_LOADER =
  "(function(){var d=document,n=d.currentScript&&d.currentScript.nonce,started=false;" +
  'var TAP="button[aria-haspopup],[data-hydrate-on-tap]",NEAR="[data-hydrate-when-near]",TOUCH="[data-hydrate-on-touch]";' +
  "function start(){if(started)return;started=true;var h=d.querySelectorAll(" +
  JSON.stringify(`script[type="${HELD_TYPE}"]`) +
  "),i,s,u,later=[];" +
  // inline code first, in page order (the bundler's bootstrap, then the payload), then the chunks
  'for(i=0;i<h.length;i++){if(n&&h[i].nonce!==n)continue;u=h[i].getAttribute("data-src");s=d.createElement("script");if(n)s.nonce=n;' +
  "if(u){s.src=u;s.async=true;later.push(s)}else{s.textContent=h[i].textContent;d.body.appendChild(s)}}" +
  "later.forEach(function(x){d.body.appendChild(x)})}" +
  // committed: the component's mount mark (mount-mark.ts); React's props alone come before the commit
  'function ready(t){var m=t.closest("[data-mount-mark]");if(m)return m.hasAttribute("data-mounted");' +
  'for(var k in t)if(k.indexOf("__reactProps$")===0)return true;return false}' +
  "function later(t,tries){if(ready(t))return t.click();if(tries<400)setTimeout(function(){later(t,tries+1)},50)}" +
  'function near(e){var t=e.target&&e.target.closest&&e.target.closest(TAP+","+NEAR+","+TOUCH);if(t)start()}' +
  '["pointerover","touchstart","focusin"].forEach(function(k){d.addEventListener(k,near,{capture:true,passive:true})});' +
  'd.addEventListener("click",function(e){var t=e.target&&e.target.closest&&e.target.closest(TAP);if(!t||ready(t))return;' +
  "e.preventDefault();e.stopPropagation();start();later(t,0)},true);" +
  // an arrow key on such a control (the gallery's 前/次) before React has it: held and given again
  'd.addEventListener("keydown",function(e){var t=e.target&&e.target.closest&&e.target.closest(TAP);if(!t||ready(t)||!/^Arrow(Left|Right)$/.test(e.key))return;' +
  "e.preventDefault();e.stopPropagation();start();var k=e.key;(function again(tries){" +
  'if(ready(t))return t.dispatchEvent(new KeyboardEvent("keydown",{key:k,bubbles:true,cancelable:true}));if(tries<400)setTimeout(function(){again(tries+1)},50)})(0)},true);' +
  "try{var w=d.querySelectorAll(NEAR);if(w.length&&window.IntersectionObserver){var io=new IntersectionObserver(function(es){" +
  "for(var j=0;j<es.length;j++)if(es[j].isIntersecting){io.disconnect();start();return}},{rootMargin:" +
  JSON.stringify(`${NEAR_MARGIN_PX}px 0px`) +
  "});for(var j=0;j<w.length;j++)io.observe(w[j])}}catch(x){}" +
  "if(/^\\/investments(\\/page\\/\\d+)?\\/?$/.test(location.pathname))" +
  "try{var q=new URLSearchParams(location.search),v=localStorage.getItem(" +
  JSON.stringify(LIST_VIEW_STORAGE_KEY) +
  ');if(q.has("vw")||q.has("pp")||(v&&v!==' +
  JSON.stringify(`${DEFAULT_LIST_VIEW}|${DEFAULT_PAGE_SIZE}`) +
  "))start()}catch(x){}" +
  // the map with hazard overlays switched on at an earlier visit: they come back by themselves
  "if(/^\\/investments\\/map\\/?$/.test(location.pathname))try{if(localStorage.getItem(" +
  JSON.stringify(HAZARD_STORAGE_KEY) +
  "))start()}catch(x){}})();";
// holdPage hands the page over as Latin-1 (one character a byte): what is inserted must be ASCII to go out as written.
if (!/^[\x20-\x7e]*$/.test(DEFER_LOADER)) throw new Error("DEFER_LOADER must be ASCII");

/**
 * Where cutRuntime took a piece out (its index in `cut`). NUL: no page has one (the parser would drop it;
 * a page that does is kept as it is), and it keeps a Latin-1 string one byte a character.
 */
// eslint-disable-next-line no-control-regex -- the marker is NUL on purpose (above)
const MARKER = /\u0000(\d+)\u0000/g;

interface Cut {
  /** The page with each of Next's scripts replaced by a MARKER. */
  marked: string;
  /** What each marker stands for: an inline script (the bundler's bootstrap, an RSC payload row), a chunk's script tag, a preload link. */
  cut: { kind: "inline" | "chunk" | "preload"; text: string }[];
}

/**
 * The page with Next's scripts cut out, or why it keeps them. One pass of each pattern over the page
 * (issue 31: this ran each pattern up to three times over a 365 KB list page, ~6.5 ms of its ~50 ms).
 */
function cutRuntime(html: string, index: ClientModuleIndex, allowed: Set<string>): Cut | { keep: string } {
  if (html.includes("\u0000")) return { keep: "NUL in the page" };
  const cut: Cut["cut"] = [];
  const mark = (kind: Cut["cut"][number]["kind"], text: string) => `\u0000${cut.push({ kind, text }) - 1}\u0000`;
  let payload = "";
  let unreadable = false;
  const marked = html
    .replace(BUNDLER_BOOTSTRAP, (m) => mark("inline", m))
    .replace(FLIGHT_SCRIPT, (m, row: string) => {
      try {
        const parsed: unknown = JSON.parse(row);
        if (Array.isArray(parsed) && parsed[0] === 1 && typeof parsed[1] === "string") payload += parsed[1];
      } catch {
        unreadable = true;
      }
      return mark("inline", m);
    })
    .replace(RUNTIME_SCRIPT, (m) => mark("chunk", m))
    .replace(RUNTIME_PRELOAD, (m) => mark("preload", m));
  if (unreadable) return { keep: "unreadable RSC payload" };
  if (!payload) return { keep: "no RSC payload" };
  for (const m of payload.matchAll(CLIENT_REFERENCE)) {
    const id = m[1]!.replace(/^"|"$/g, "");
    if (!allowed.has(id)) return { keep: index.paths.get(id) ?? `client module ${id}` };
  }
  // Whatever is left of the runtime means Next wrote something this does not know: send the original.
  if (/__next_f|\/_next\/static\/[^"]*\.js"|TURBOPACK/.test(marked)) return { keep: "unrecognised runtime script" };
  return { marked, cut };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;
type WriteCallback = (error?: Error | null) => void;

/** Wrap Next's request handler: content pages that qualify go out without their scripts. */
export function withStaticPages(index: ClientModuleIndex, handler: Handler): Handler {
  const reported = new Set<string>();
  return (req, res) => {
    if (req.method !== "GET" || !req.url) return handler(req, res);
    const q = req.url.indexOf("?");
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    const content = CONTENT_PAGES.test(pathname);
    // Deferred for visitors only: a member's list carries islands that work from the first paint.
    const deferred = !content && DEFERRED_PAGES.test(pathname) && !hasSessionCookie(req.headers.cookie);
    if (!content && !deferred) return handler(req, res);
    if (NOT_A_PAGE_REQUEST.some((h) => req.headers[h] !== undefined)) return handler(req, res);
    holdPage(res, (html) => {
      const result = content ? toStaticPage(html, index) : toDeferredPage(html, index);
      if ("html" in result) return result.html;
      // Once per path and reason and process: a reason is the page's code, not the request's.
      const key = `${pathname}|${result.keep}`;
      if (!reported.has(key) && reported.size < 1000) {
        reported.add(key);
        logger.info("static_page.hydrated", { path: pathname, because: result.keep });
      }
      return html;
    });
    return handler(req, res);
  };
}

/**
 * Collect a 200 HTML body and hand it to `transform` at the end; anything else (another status or
 * type, an oversized body) passes through untouched from the first byte it is found to be so.
 */
function holdPage(res: ServerResponse, transform: (html: string) => string): void {
  const write = res.write.bind(res) as (chunk: unknown, encoding?: BufferEncoding, cb?: WriteCallback) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding, cb?: () => void) => ServerResponse;
  let mode: "undecided" | "hold" | "pass" = "undecided";
  let held: Buffer[] = [];
  let heldBytes = 0;
  const callbacks: WriteCallback[] = [];

  const decide = () => {
    if (mode !== "undecided") return;
    // Content-Encoding may already be set here: by the compression outside (compression.ts), which
    // encodes what this passes on. Next itself does not compress (compress: false).
    const html = res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html");
    mode = html ? "hold" : "pass";
    if (mode === "hold" && !res.headersSent) res.removeHeader("content-length");
  };
  const toBuffer = (chunk: unknown, enc?: BufferEncoding) => (typeof chunk === "string" ? Buffer.from(chunk, enc) : Buffer.from(chunk as Uint8Array)); // a copy: the writer may reuse its buffer
  const release = () => {
    // Too large to hold: send what was held, unchanged, and stream the rest.
    mode = "pass";
    const chunks = held;
    held = [];
    for (const c of chunks) write(c);
    for (const cb of callbacks.splice(0)) cb();
  };

  res.write = ((chunk: unknown, encOrCb?: BufferEncoding | WriteCallback, cb?: WriteCallback) => {
    const enc = typeof encOrCb === "string" ? encOrCb : undefined;
    const callback = typeof encOrCb === "function" ? encOrCb : cb;
    decide();
    if (mode === "pass") return write(chunk, enc as BufferEncoding, callback);
    if (chunk != null) {
      const buf = toBuffer(chunk, enc);
      held.push(buf);
      heldBytes += buf.length;
    }
    if (callback) callbacks.push(callback);
    if (heldBytes > MAX_HELD_BYTES) release();
    return true;
  }) as ServerResponse["write"];

  res.end = ((chunk?: unknown, encOrCb?: BufferEncoding | (() => void), cb?: () => void) => {
    const enc = typeof encOrCb === "string" ? encOrCb : undefined;
    const callback = typeof chunk === "function" ? (chunk as () => void) : typeof encOrCb === "function" ? encOrCb : cb;
    const data = typeof chunk === "function" ? undefined : chunk;
    decide();
    if (mode === "pass") return end(data, enc as BufferEncoding, callback);
    if (data != null) held.push(toBuffer(data, enc));
    let body = Buffer.concat(held);
    held = [];
    try {
      // As Latin-1, one character a byte: every pattern here is ASCII and every byte goes back as it came,
      // while decoding and re-encoding a Japanese page as UTF-8 (and the two-byte strings in between) was
      // half of the rewrite's time (6.7 -> 2.9 ms for a list page, the same bytes out).
      body = Buffer.from(transform(body.toString("latin1")), "latin1");
    } catch (e) {
      logger.error("static_page.failed", { message: e instanceof Error ? e.message : String(e) });
    }
    for (const c of callbacks.splice(0)) c();
    if (!res.headersSent) res.setHeader("content-length", body.length);
    return end(body, undefined, callback);
  }) as ServerResponse["end"];
}
