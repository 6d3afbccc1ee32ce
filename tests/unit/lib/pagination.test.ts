import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_MESSAGE, type PageItem, lastPage, pageHref, paginate } from "@/lib/pagination";

/** Compact rendering of the items: « ‹ … 1 [2] 3 … › » */
function render(current: number, last: number, total = 100): string {
  const p = paginate({ current, last, total });
  if (p.empty) return p.message;
  return p.items.map(show).join(" ");
}
function show(i: PageItem): string {
  switch (i.type) {
    case "first":
      return "«";
    case "prev":
      return `‹${i.page}`;
    case "ellipsis":
      return "…";
    case "page":
      return i.current ? `[${i.page}]` : String(i.page);
    case "next":
      return `${i.page}›`;
    case "last":
      return `${i.page}»`;
  }
}

describe("paginate", () => {
  it("total 0 shows the empty message", () => {
    const p = paginate({ current: 1, last: 0, total: 0 });
    expect(p).toEqual({ empty: true, message: "検索内容に合致するデータがありません。" });
    expect(EMPTY_MESSAGE).toBe("検索内容に合致するデータがありません。");
    expect(paginate({ current: 3, last: 5, total: 0 }).empty).toBe(true);
  });

  it("a single page shows only page 1 as current", () => {
    expect(paginate({ current: 1, last: 1, total: 5 })).toEqual({
      empty: false,
      current: 1,
      last: 1,
      total: 5,
      open: false,
      items: [{ type: "page", page: 1, current: true }],
    });
  });

  it.each([
    // 2 pages
    [1, 2, "[1] 2 2›"],
    [2, 2, "‹1 1 [2]"],
    // 5 pages
    [1, 5, "[1] 2 3 … 2› 5»"],
    [2, 5, "‹1 1 [2] 3 4 … 3› 5»"],
    [3, 5, "« ‹2 1 2 [3] 4 5 4› 5»"],
    [4, 5, "« ‹3 … 2 3 [4] 5 5›"],
    [5, 5, "« ‹4 … 3 4 [5]"],
    // 3 pages
    [1, 3, "[1] 2 3 2› 3»"],
    [2, 3, "‹1 1 [2] 3 3›"],
    [3, 3, "« ‹2 1 2 [3]"],
    // 10 pages
    [1, 10, "[1] 2 3 … 2› 10»"],
    [2, 10, "‹1 1 [2] 3 4 … 3› 10»"],
    [3, 10, "« ‹2 1 2 [3] 4 5 … 4› 10»"],
    [4, 10, "« ‹3 … 2 3 [4] 5 6 … 5› 10»"],
    [5, 10, "« ‹4 … 3 4 [5] 6 7 … 6› 10»"],
    [7, 10, "« ‹6 … 5 6 [7] 8 9 … 8› 10»"],
    [8, 10, "« ‹7 … 6 7 [8] 9 10 9› 10»"],
    [9, 10, "« ‹8 … 7 8 [9] 10 10›"],
    [10, 10, "« ‹9 … 8 9 [10]"],
  ])("current %i of %i → %s", (current, last, expected) => {
    expect(render(current, last)).toBe(expected);
  });

  it("keeps the exact item objects", () => {
    const p = paginate({ current: 4, last: 10, total: 200 });
    expect(p.empty).toBe(false);
    if (p.empty) return;
    expect(p.items).toEqual([
      { type: "first", page: 1 },
      { type: "prev", page: 3 },
      { type: "ellipsis", position: "start" },
      { type: "page", page: 2, current: false },
      { type: "page", page: 3, current: false },
      { type: "page", page: 4, current: true },
      { type: "page", page: 5, current: false },
      { type: "page", page: 6, current: false },
      { type: "ellipsis", position: "end" },
      { type: "next", page: 5 },
      { type: "last", page: 10 },
    ]);
  });

  it("clamps an out-of-range current page", () => {
    expect(render(0, 5)).toBe(render(1, 5));
    expect(render(-3, 5)).toBe(render(1, 5));
    expect(render(99, 5)).toBe(render(5, 5));
    expect(render(Number.NaN, 5)).toBe(render(1, 5));
    expect(render(2.7, 5)).toBe(render(2, 5));
    const p = paginate({ current: 99, last: 5, total: 100 });
    expect(!p.empty && p.current).toBe(5);
  });

  it("treats a missing last page as one page", () => {
    expect(render(3, 0, 7)).toBe("[1]");
  });

  it("holds its invariants for any input (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 60 }), fc.integer({ min: 1, max: 50 }), (current, last) => {
        const p = paginate({ current, last, total: last * 20 });
        if (p.empty) return false;
        const cur = p.current;
        const pages = p.items.filter((i) => i.type === "page").map((i) => i.page);
        const has = (t: PageItem["type"]) => p.items.some((i) => i.type === t);
        const ellipses = p.items.filter((i) => i.type === "ellipsis").length;
        return (
          cur >= 1 &&
          cur <= last &&
          pages.every((n) => Math.abs(n - cur) <= 2 && n >= 1 && n <= last) &&
          pages.length === Math.min(last, cur + 2) - Math.max(1, cur - 2) + 1 &&
          p.items.filter((i) => i.type === "page" && i.current).length === 1 &&
          has("prev") === cur > 1 &&
          has("first") === cur > 2 &&
          has("next") === cur < last &&
          has("last") === cur < last - 1 &&
          ellipses === Number(cur - 2 > 1) + Number(cur + 2 < last)
        );
      }),
    );
  });
});

describe("lastPage", () => {
  it("divides and rounds up", () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(1, 20)).toBe(1);
    expect(lastPage(20, 20)).toBe(1);
    expect(lastPage(21, 20)).toBe(2);
    expect(lastPage(100, 0)).toBe(1);
  });
});

describe("pageHref", () => {
  it("builds /{base}/page/{n}/", () => {
    expect(pageHref("/investments", 2)).toBe("/investments/page/2/");
    expect(pageHref("/investments/", 3, {})).toBe("/investments/page/3/");
  });
  it("preserves the query in order", () => {
    expect(pageHref("/investments", 2, { re: 3, ty: 1, fw: "難波 駅近" })).toBe("/investments/page/2/?re=3&ty=1&fw=%E9%9B%A3%E6%B3%A2+%E9%A7%85%E8%BF%91");
  });
  it("repeats array values and drops empty values and page", () => {
    expect(pageHref("/investments", 1, { ty: [1, 2], fw: "", sc: null, fs: undefined, page: 4 })).toBe("/investments/page/1/?ty=1&ty=2");
  });
  it("accepts a query string or URLSearchParams", () => {
    expect(pageHref("/investments", 5, "re=1&page=2&sr=price_asc")).toBe("/investments/page/5/?re=1&sr=price_asc");
    expect(pageHref("/investments", 5, "?re=1&fw=")).toBe("/investments/page/5/?re=1");
    expect(pageHref("/investments", 5, new URLSearchParams({ ty: "2" }))).toBe("/investments/page/5/?ty=2");
  });
  it("clamps the page number to at least 1", () => {
    expect(pageHref("/blogs", 0)).toBe("/blogs/page/1/");
  });
});
