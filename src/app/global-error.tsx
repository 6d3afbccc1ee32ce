"use client";

/**
 * The last error boundary: an error in the root layout (or in a layout above a segment's own
 * error.tsx) replaces the whole document, so this renders its own <html> and <body>. Without it
 * Next showed its English 「This page couldn't load」. Next ships this component in the first-visit
 * script of every page, so it imports nothing (the site constants would come along: +2 KiB on the
 * list pages' budget) and its look is one short stylesheet; the site's own belongs to the layout
 * that failed. A plain <a> home: a full load, since the router's state is what broke.
 */
const CSS =
  "body{margin:0;font-family:system-ui,'Hiragino Sans','Noto Sans CJK JP',sans-serif;color:#2b2b2b}" +
  "main{max-width:36rem;margin:0 auto;padding:4rem 1rem;text-align:center;line-height:1.8}" +
  "h1{font-size:1.5rem}small{color:#777}div{margin-top:2rem;display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem}" +
  "button,a{min-width:10rem;padding:.75rem 1.25rem;border-radius:.375rem;border:1px solid #2b2b2b;font:700 1rem/1.5 inherit;text-decoration:none;cursor:pointer;background:#fff;color:#2b2b2b}" +
  "button{background:#2b2b2b;color:#fff}";

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  return (
    <html lang="ja">
      <head>
        <title>エラーが発生しました</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <style>{CSS}</style>
      </head>
      <body>
        <main role="alert" data-slot="global-error">
          <h1>エラーが発生しました</h1>
          <p>ページを表示できませんでした。時間をおいてもう一度お試しください。</p>
          {digest && <small>エラーID: {digest}</small>}
          <div>
            <button type="button" onClick={() => retry()}>
              もう一度試す
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load: the router's state is what failed */}
            <a href="/">トップページへ</a>
          </div>
        </main>
      </body>
    </html>
  );
}
