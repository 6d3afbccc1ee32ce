/**
 * The notice of a carried-out intent (member.intent.carryOut's `notice`: 「お気に入りに追加しました。」,
 * 「検索条件「…」を保存しました。…」), shown on the page the member lands on.
 *
 * Plain DOM, not React: the login and registration forms navigate away right after the call, and the
 * page they land on may be one served without React (static-pages.ts). The box is appended to
 * <body> outside React's tree (React leaves such nodes alone), so it stays through the client
 * navigation and any refresh. It waits until the address has changed (the new page is committed),
 * then shows; a polite live region (role="status") that is filled after it is in the page, so screen
 * readers read it without moving focus. It stays until closed (button or Escape): no timer to race.
 */
const SLOT = "intent-notice";
/** Longest wait for the navigation to commit on a slow phone; then shown where the member is. */
const WAIT_MS = 15_000;
const STEP_MS = 100;

export function showIntentNotice(text: string): void {
  const from = window.location.href;
  const started = Date.now();
  const tick = () => {
    if (window.location.href === from && Date.now() - started < WAIT_MS) window.setTimeout(tick, STEP_MS);
    else render(text);
  };
  window.setTimeout(tick, STEP_MS);
}

function render(text: string): void {
  document.querySelector(`[data-slot="${SLOT}"]`)?.remove();
  const box = document.createElement("div");
  box.dataset.slot = SLOT;
  box.setAttribute("role", "status");
  box.className =
    "fixed inset-x-3 bottom-4 z-[60] mx-auto flex max-w-lg items-start gap-3 rounded-lg border border-gold-300 bg-gold-50 py-3 pl-4 pr-2 text-sm leading-relaxed text-primary shadow-lg";
  const message = document.createElement("p");
  message.className = "min-w-0 flex-1 py-1 break-words";
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", "お知らせを閉じる");
  close.className =
    "grid size-9 shrink-0 place-items-center rounded-md text-lg leading-none hover:bg-gold-100 focus-visible:outline-2 focus-visible:outline-gold-700";
  close.textContent = "×";
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") dismiss();
  };
  const dismiss = () => {
    box.remove();
    document.removeEventListener("keydown", onKey);
  };
  close.addEventListener("click", dismiss);
  document.addEventListener("keydown", onKey);
  box.append(message, close);
  document.body.append(box);
  // Filled once the live region is in the page: a region's change is what gets announced.
  window.setTimeout(() => {
    message.textContent = text;
  }, 50);
}
