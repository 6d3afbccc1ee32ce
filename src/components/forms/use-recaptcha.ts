"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * reCAPTCHA v3 on the client (spec §7, §8): the script is loaded with the
 * site key and hl=ja, a token is requested per named action, and asking
 * before the script is ready throws 'Recaptcha has not been loaded'. Without
 * a site key the check is off server-side too, so the form is ready at once
 * and sends no token.
 */
type Grecaptcha = {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, opts: { action: string }) => Promise<string>;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export type RecaptchaStatus = "loading" | "ready" | "error";
const SCRIPT_ID = "recaptcha-v3";

export function useRecaptcha(siteKey: string | null | undefined) {
  const [status, setStatus] = useState<RecaptchaStatus>(siteKey ? "loading" : "ready");

  useEffect(() => {
    if (!siteKey) return;
    let cancelled = false;
    const markReady = () => window.grecaptcha?.ready(() => !cancelled && setStatus("ready"));
    if (window.grecaptcha) {
      markReady();
      return () => {
        cancelled = true;
      };
    }
    let script = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement("script");
      script.id = SCRIPT_ID;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=ja`;
      script.async = true;
      document.head.appendChild(script);
    }
    const onLoad = () => markReady();
    const onError = () => !cancelled && setStatus("error");
    script.addEventListener("load", onLoad);
    script.addEventListener("error", onError);
    return () => {
      cancelled = true;
      script?.removeEventListener("load", onLoad);
      script?.removeEventListener("error", onError);
    };
  }, [siteKey]);

  const execute = useCallback(
    async (action: string): Promise<string | undefined> => {
      if (!siteKey) return undefined;
      if (status !== "ready" || !window.grecaptcha) throw new Error("Recaptcha has not been loaded");
      return window.grecaptcha.execute(siteKey, { action });
    },
    [siteKey, status],
  );

  return { status, ready: status === "ready", error: status === "error", execute };
}
