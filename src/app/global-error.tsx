"use client";

import { useEffect } from "react";
import { SITE } from "@/lib/constants/site";
import { TEL_HREF } from "@/components/site-chrome/links";

/**
 * The last error boundary: an error in the root layout (or in a layout above a segment's own
 * error.tsx) replaces the whole document, so this renders its own <html> and <body>. Without it
 * Next showed its English 「This page couldn't load」. The site's stylesheet belongs to the layout
 * that failed, so the look is inline and plain; a plain <a> home (a full load, since the router's
 * state is what broke).
 */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  useEffect(() => {
    console.error(error);
  }, [error]);
  const button = {
    display: "inline-block",
    minWidth: "10rem",
    padding: "0.75rem 1.25rem",
    borderRadius: "0.375rem",
    fontSize: "1rem",
    fontWeight: 700,
    textDecoration: "none",
    cursor: "pointer",
    lineHeight: 1.5,
  } as const;
  return (
    <html lang="ja">
      <head>
        <title>{`エラーが発生しました | ${SITE.title}`}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
      </head>
      <body style={{ margin: 0, fontFamily: "system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', sans-serif", color: "#2b2b2b", background: "#fff" }}>
        <main role="alert" data-slot="global-error" style={{ maxWidth: "36rem", margin: "0 auto", padding: "4rem 1rem", textAlign: "center" }}>
          <p style={{ margin: 0, fontSize: "0.875rem", fontWeight: 700, letterSpacing: "0.2em", color: "#8a6d1f" }}>{SITE.title}</p>
          <h1 style={{ margin: "1rem 0 0", fontSize: "1.5rem", letterSpacing: "0.05em" }}>エラーが発生しました</h1>
          <p style={{ margin: "1rem 0 0", fontSize: "0.9375rem", lineHeight: 1.8 }}>
            ページを表示できませんでした。時間をおいてもう一度お試しください。解決しない場合は、お電話（
            <a href={TEL_HREF} style={{ color: "inherit", fontWeight: 700 }}>
              {SITE.tel}
            </a>
            ）でお問い合わせください。
          </p>
          {digest && <p style={{ margin: "0.75rem 0 0", fontSize: "0.75rem", color: "#777" }}>エラーID: {digest}</p>}
          <div style={{ marginTop: "2rem", display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.75rem" }}>
            <button type="button" onClick={() => retry()} style={{ ...button, border: "none", background: "#2b2b2b", color: "#fff" }}>
              もう一度試す
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the router's state is what failed */}
            <a href="/" style={{ ...button, border: "1px solid #2b2b2b", background: "#fff", color: "#2b2b2b" }}>
              トップページへ
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
