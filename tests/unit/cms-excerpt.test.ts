import { describe, expect, it } from "vitest";
import { excerptOf } from "@/server/cms/editor";

/**
 * The excerpt of a post (its blog card and its meta description when staff
 * leave 概要 empty) is the text a reader sees: no Markdown syntax, no table
 * pipes, no link URLs.
 */
const BODY = `## 利回りの比較

表面利回りと**実質利回り**の違いは[こちらの記事](https://example.com/blogs/yield?a=1&b=2)をご覧ください。

| 物件 | 表面 | 実質 |
| --- | ---: | ---: |
| A棟 | 8.1% | 6.2% |

- 管理費 &amp; 修繕費
- 固定資産税 \\*概算

> 詳しくは https://example.org/x へ

\`\`\`
const code = 1;
\`\`\`

![外観](https://example.com/a.jpg) 最後の文。`;

describe("excerptOf", () => {
  const text = excerptOf(BODY, 500);

  it("keeps the words a reader sees, in order", () => {
    expect(text).toBe(
      "表面利回りと実質利回りの違いはこちらの記事をご覧ください。 物件 表面 実質 A棟 8.1% 6.2% 管理費 & 修繕費 固定資産税 *概算 詳しくは へ 最後の文。",
    );
  });

  it("has no table pipes, link URLs, Markdown marks, headings, code or image text", () => {
    for (const bad of ["|", "---", "http", "example.com", "](", "**", "##", "利回りの比較", "const code", "外観", "![", "> "]) {
      expect(text, bad).not.toContain(bad);
    }
  });

  it("cuts at `max` characters (code points) with an ellipsis", () => {
    expect(excerptOf(BODY, 10)).toBe("表面利回りと実質利回…");
    expect(excerptOf("短い本文。", 10)).toBe("短い本文。");
    expect(excerptOf("## 見出しだけ")).toBe("");
  });
});
