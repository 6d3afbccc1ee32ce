"use client";

import { lazy, useEffect, useRef, useState, type ComponentType } from "react";
import type { CashFlowSimulatorProps } from "./index";

type Simulator = ComponentType<CashFlowSimulatorProps>;
const load = (): Promise<Simulator> => import("./index").then((m) => m.CashFlowSimulator);

/**
 * The server renders the simulator as it first appears, into the page's HTML, in place and without
 * a Suspense boundary of its own: React streams a large boundary's content out of order, at the end
 * of the document. The server loads the code when this module loads, and hands it to React.lazy as
 * already there (a thenable that resolves at once), so the render does not suspend; only a render
 * that comes before that load has finished (the first one after a start) waits for it.
 */
let serverLoaded: Simulator | undefined;
if (typeof window === "undefined") void load().then((c) => (serverLoaded = c));
const ServerSimulator = lazy(() => {
  const ready = serverLoaded;
  if (!ready) return load().then((c) => ({ default: c }));
  const done = { default: ready };
  return { then: (resolve: (m: typeof done) => void) => resolve(done) } as unknown as Promise<typeof done>;
});
/** index.tsx's root: the placeholder that keeps the server's HTML until the code is here. */
const ROOT_CLASS = "grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]";
/** How far below the viewport the simulator starts loading. */
const NEAR = "800px 0px";

/**
 * The cash-flow simulator with its code (the simulator and its maths, ~8 KiB) loaded when the section
 * comes near the viewport, is focused or touched, not with the page (issue 21). The server renders
 * it in full; until the code is here the browser keeps that HTML as it is (an element whose
 * content React leaves alone), then swaps in the live simulator, which renders the same markup.
 * A member's saved scenario is applied on load, so for members the code loads at once.
 */
export function LazyCashFlowSimulator(props: CashFlowSimulatorProps) {
  const [Live, setLive] = useState<Simulator | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const { member } = props;

  useEffect(() => {
    let active = true;
    let started = false;
    const el = ref.current;
    const start = () => {
      if (started) return;
      started = true;
      io?.disconnect();
      void load().then((c) => {
        if (active) setLive(() => c);
      });
    };
    const io =
      !member && el && "IntersectionObserver" in window
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: NEAR })
        : null;
    if (io && el) {
      io.observe(el);
      el.addEventListener("focusin", start);
      el.addEventListener("pointerdown", start);
    } else start();
    return () => {
      active = false;
      io?.disconnect();
      el?.removeEventListener("focusin", start);
      el?.removeEventListener("pointerdown", start);
    };
  }, [member]);

  if (typeof window === "undefined") return <ServerSimulator {...props} />;
  return Live ? (
    <Live key="live" {...props} />
  ) : (
    <div key="html" ref={ref} className={ROOT_CLASS} data-slot="cash-flow-simulator" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
  );
}
