"use client";

import { useWatch } from "react-hook-form";
import { STRUCTURE_CHOICES } from "@/schemas/admin/investment";
import { AdminCheckbox, AdminInput, AdminSelect, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

/** 建物: structure (not asked of land and その他), age, floors, areas, specifications and inspection / repair features. */
export function BuildingSection({ form }: { form: Form }) {
  const typeCd = useWatch({ control: form.control, name: "type_cd" });
  const structureCd = useWatch({ control: form.control, name: "structure_cd" });
  return (
    <Section id="sec-building" title="建物">
      <div className={gridCols}>
        <AdminSelect
          form={form}
          name="structure_cd"
          label="構造"
          required={!["5", "99"].includes(String(typeCd))}
          choices={STRUCTURE_CHOICES}
          hint="土地・その他は不要"
        />
        {String(structureCd) === "99" ? <AdminInput form={form} name="structure_other" label="構造（その他）" required /> : null}
        <AdminInput form={form} name="built.year" label="築年" inputMode="numeric" hint="西暦4桁" />
        <AdminInput form={form} name="built.month" label="築月" inputMode="numeric" />
        <AdminInput form={form} name="floor.ground" label="地上階数" inputMode="numeric" />
        <AdminInput form={form} name="floor.under" label="地下階数" inputMode="numeric" />
        <AdminInput form={form} name="floor.location" label="所在階" inputMode="numeric" />
        <AdminInput form={form} name="building_size" label="建物面積（㎡）" inputMode="decimal" />
        <AdminInput form={form} name="occupied_size" label="専有面積（㎡）" inputMode="decimal" />
        <AdminInput form={form} name="layout" label="間取り" />
        <AdminInput form={form} name="total_units" label="総戸数" inputMode="numeric" />
        <AdminInput form={form} name="specifications.parking" label="駐車場" />
        <AdminInput form={form} name="specifications.elevator" label="エレベーター" />
        <AdminInput form={form} name="specifications.renovation" label="リフォーム" />
        <AdminInput form={form} name="specifications.separat" label="バス・トイレ" />
      </div>
      <div className="flex flex-wrap items-end gap-6">
        <AdminCheckbox form={form} name="features.cert" label="検査済証あり" />
        <AdminCheckbox form={form} name="features.repair" label="大規模修繕済" />
        <AdminInput form={form} name="features.repair_note" label="大規模修繕の内容" className="min-w-72 flex-1" />
      </div>
    </Section>
  );
}
