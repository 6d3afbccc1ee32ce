import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { investment_images } from "@/server/db/schema";
import { handleImageUpload } from "@/server/routes/admin-upload";
import { errorOf, useAccountSuite } from "../../helpers/accounts";
import { actors, jpeg, uploadDir, validForm, type Actors } from "./helpers";

/** 間取り図 as an image category of its own: set in the editor, kept on save, told apart on the page and the card. */
const s = useAccountSuite({ mail: false, env: { UPLOAD_DIR: uploadDir } });
let a: Actors;
beforeAll(async () => {
  a = await actors(s.db);
});

async function stage(color: string): Promise<string> {
  const fd = new FormData();
  fd.set("file", new Blob([new Uint8Array(await jpeg(320, 240, color))]), "x.jpg");
  const req = new Request("http://localhost:3000/api/admin/images", {
    method: "POST",
    body: fd,
    headers: { cookie: a.admin.cookieHeader(), "sec-fetch-site": "same-origin" },
  });
  const body = (await (await handleImageUpload(s.db, req, { root: uploadDir })).json()) as { token: string };
  return body.token;
}

describe("floor plans", () => {
  it("are stored with their category, reopen in the editor with it, and the card's thumbnail stays a photo", async () => {
    const [plan, photo] = [await stage("#ffffff"), await stage("#335577")];
    // the floor plan comes first in the editor's order: the card must still show the photo
    const images = [
      { token: plan, comment: "2LDK", category: "floor_plan" },
      { token: photo, comment: "外観", category: "photo" },
    ];
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ images } as never) as never));
    const rows = await s.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).orderBy(investment_images.e_sort).all();
    expect(rows.map((r) => [r.comment, r.category])).toEqual([
      ["2LDK", "floor_plan"],
      ["外観", "photo"],
    ]);

    const loaded = await a.admin.call((c) => c.admin.investments.byId({ id }));
    expect(loaded.values.images.map((i) => (i as { category?: string }).category)).toEqual(["floor_plan", "photo"]);

    const detail = await a.member.call((c) => c.public.investments.byId({ id }));
    if (detail.locked) throw new Error("unexpected locked detail");
    expect(detail.images.map((i) => [i.comment, i.category])).toEqual([
      ["2LDK", "floor_plan"],
      ["外観", "photo"],
    ]);
    const card = (await a.member.call((c) => c.public.investments.search({ fw: "テストレジデンス梅田", pp: "100" }))).items.find((i) => i.id === id);
    expect(card?.image).toBe(photo);

    // switching the category on save: both photos now
    await a.admin.call((c) =>
      c.admin.investments.update({ id, ...loaded.values, images: loaded.values.images.map((i) => ({ ...i, category: "photo" })) } as never),
    );
    expect((await s.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).all()).map((r) => r.category)).toEqual([
      "photo",
      "photo",
    ]);
  });

  it("a missing category is a photo; an unknown one is refused with the field", async () => {
    const token = await stage("#aa8844");
    const { id } = await a.admin.call((c) => c.admin.investments.create(validForm({ images: [{ token, comment: "" }] } as never) as never));
    expect((await s.db.select().from(investment_images).where(eq(investment_images.investment_id, id)).get())?.category).toBe("photo");
    const other = await stage("#000000");
    const e = await errorOf(
      a.admin.call((c) => c.admin.investments.create(validForm({ images: [{ token: other, comment: "", category: "plan" }] } as never) as never)),
    );
    expect(Object.keys(e.fieldErrors ?? {})).toEqual(["images.0.category"]);
  });
});
