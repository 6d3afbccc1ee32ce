import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { InvestmentFormInput } from "@/schemas/admin/investment";
import { investments } from "@/server/db/schema";
import { useAccountSuite } from "../../helpers/accounts";
import { actors, uploadDir, validForm, type Actors } from "./helpers";

/** Issue 30: a 接道 row added in the editor and left blank was saved, and the public page printed an empty cell. */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

describe("接道 rows through the admin procedures", () => {
  it("drops a blank row on create and on update, keeping the filled one", async () => {
    const blank = { direction: "", width: "", kind: "", frontage: "" };
    const filled = { direction: "南", width: "4.5", kind: "公道", frontage: "12" };
    const form = { ...validForm(), land_road: [blank, filled] } as InvestmentFormInput;
    const { id } = (await a.admin.call((c) => c.admin.investments.create(form as never))) as { id: number };
    const stored = async () => (await s.db.select({ land_road: investments.land_road }).from(investments).where(eq(investments.id, id)).get())!.land_road;
    expect(await stored()).toEqual([{ direction: "南", width: 4.5, kind: "公道", frontage: 12 }]);

    await a.admin.call((c) => c.admin.investments.update({ id, ...form, land_road: [filled, { ...blank, kind: " " }] } as never));
    expect(await stored()).toEqual([{ direction: "南", width: 4.5, kind: "公道", frontage: 12 }]);

    await a.admin.call((c) => c.admin.investments.update({ id, ...form, land_road: [blank] } as never));
    expect((await stored()) ?? []).toEqual([]);
  });
});
