import { existsSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

/**
 * Issue 30: an error in a layout showed Next's English 「This page couldn't load」, because the app
 * had no global-error. It must be a whole document in Japanese with a retry and a way home.
 */
describe("global-error", () => {
  const file = path.resolve(import.meta.dirname, "../../../src/app/global-error.tsx");

  it("exists beside the root layout", () => {
    expect(existsSync(file)).toBe(true);
  });

  it("renders its own Japanese document with a retry button and a link home", async () => {
    const { default: GlobalError } = (await import(/* @vite-ignore */ file)) as { default: (p: { error: unknown; retry: () => void }) => React.ReactElement };
    const error = Object.assign(new Error("boom"), { digest: "12345" });
    const html = renderToStaticMarkup(createElement(GlobalError, { error, retry: () => undefined }));
    expect(html).toMatch(/^<html lang="ja">/);
    expect(html).toContain("<body");
    expect(html).toContain("エラーが発生しました");
    expect(html).toMatch(/<button type="button"[^>]*>もう一度試す<\/button>/);
    expect(html).toMatch(/<a href="\/"[^>]*>トップページへ<\/a>/);
    expect(html).toContain("エラーID: 12345");
    expect(html).not.toMatch(/couldn.t load|error occurred/i);
    // the server error's message is not shown to the visitor
    expect(html).not.toContain("boom");
  });
});
