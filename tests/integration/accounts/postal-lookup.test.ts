import { describe, expect, it } from "vitest";
import { LIMITS } from "@/server/auth/rate-limit";
import { POSTAL_NOT_FOUND } from "@/schemas/postal";
import { lookupPostalCode } from "@/server/postal";
import { codeOf, errorOf, useAccountSuite } from "../../helpers/accounts";

/** 郵便番号 → 住所 (issue 30): bundled Japan Post data behind a public, rate-limited procedure. */
const s = useAccountSuite({ mail: false });

describe("postal code lookup", () => {
  it("fills 都道府県・市区町村・町域 from the bundled data, however the code is typed", async () => {
    const b = s.browser();
    expect(await b.call((c) => c.public.postal.lookup({ zip: "530-0001" }))).toEqual({ pref: "大阪府", city: "大阪市北区", town: "梅田" });
    expect(await b.call((c) => c.public.postal.lookup({ zip: "６００８２１６" }))).toEqual({ pref: "京都府", city: "京都市下京区", town: "東塩小路町" });
    expect(await b.call((c) => c.public.postal.lookup({ zip: "650-0001" }))).toEqual({ pref: "兵庫県", city: "神戸市中央区", town: "加納町" });
  });

  it("a code for a whole city leaves 町域 empty; several towns under one code give what they share", () => {
    expect(lookupPostalCode("5300000")).toEqual({ pref: "大阪府", city: "大阪市北区", town: "" });
    expect(lookupPostalCode("4520961")).toMatchObject({ pref: "愛知県", city: "清須市", town: "春日" });
  });

  it("a malformed code is refused with the form's message, an unknown one with its own; nothing is filled", async () => {
    const b = s.browser();
    const bad = await errorOf(b.call((c) => c.public.postal.lookup({ zip: "53-00012" })));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(bad.fieldErrors).toEqual({ zip: ["郵便番号は7桁の数字で入力してください"] });
    const unknown = await errorOf(b.call((c) => c.public.postal.lookup({ zip: "000-0000" })));
    expect(unknown.code).toBe("BAD_REQUEST");
    expect(unknown.fieldErrors).toEqual({ zip: [POSTAL_NOT_FOUND] });
  });

  it("is limited per client address like the other public forms", async () => {
    const b = s.browser();
    for (let i = 0; i < LIMITS.postalLookup.points; i++) await b.call((c) => c.public.postal.lookup({ zip: "5300001" }));
    expect(await codeOf(b.call((c) => c.public.postal.lookup({ zip: "5300001" })))).toBe("TOO_MANY_REQUESTS");
    // Another address is not affected.
    expect(await s.browser().call((c) => c.public.postal.lookup({ zip: "5300001" }))).toMatchObject({ town: "梅田" });
  });
});
