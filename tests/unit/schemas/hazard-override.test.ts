import { describe, expect, it } from "vitest";
import { hazardOverrideInput } from "@/schemas/admin/hazard";
import { fieldErrors } from "@/schemas/zod";

const FLOOD = "01_flood_l2_shinsuishin_data";

describe("hazardOverrideInput (the editor's ハザード override)", () => {
  it("accepts a class of the layer with a note, 'none', and a clearing (class null, no note)", () => {
    expect(hazardOverrideInput.parse({ investmentId: "3", layer: FLOOD, class: "d_3_5", note: " 市の地図で確認 " })).toEqual({
      investmentId: 3,
      layer: FLOOD,
      class: "d_3_5",
      note: "市の地図で確認",
    });
    expect(hazardOverrideInput.safeParse({ investmentId: 3, layer: "05_jisuberikeikaikuiki", class: "none", note: "現地確認" }).success).toBe(true);
    expect(hazardOverrideInput.safeParse({ investmentId: 3, layer: FLOOD, class: null }).success).toBe(true);
  });

  it("refuses a class of another layer, a missing note and an unknown layer, in Japanese", () => {
    const wrong = hazardOverrideInput.safeParse({ investmentId: 3, layer: FLOOD, class: "keikai", note: "x" });
    expect(wrong.success).toBe(false);
    expect(fieldErrors(wrong.error!)).toMatchObject({ class: ["区分を選択し直してください"] });
    const noNote = hazardOverrideInput.safeParse({ investmentId: 3, layer: FLOOD, class: "d_3_5", note: "  " });
    expect(fieldErrors(noNote.error!)).toMatchObject({ note: ["根拠・メモを入力してください（確認した資料など）"] });
    const layer = hazardOverrideInput.safeParse({ investmentId: 3, layer: "99_x", class: null });
    expect(layer.success).toBe(false);
    expect(fieldErrors(layer.error!).layer?.[0]).toMatch(/ハザードの種類/);
  });
});
