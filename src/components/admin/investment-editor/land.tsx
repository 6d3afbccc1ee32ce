"use client";

import { useWatch } from "react-hook-form";
import { LAND_RIGHTS, LAND_TYPES } from "@/lib/constants/investment";
import { LAND_USE_NAMES } from "@/lib/constants/land-use";
import { LAND_CATS, LAND_PLANS } from "@/schemas/admin/investment";
import { AdminInput, AdminSelect, gridCols, Section } from "../form-fields";
import { RoadsEditor } from "./roads";
import type { Form } from "./types";

// The stored value is the official name itself (issue 34 item 5), so the option's value is the name.
const LAND_USE_CHOICES = LAND_USE_NAMES.map((name) => ({ id: name, name }));

/** The zones, plus a stored free text the migration could not map, shown so staff see what to replace. */
function landUseChoices(current: unknown) {
  if (typeof current !== "string" || !current || (LAND_USE_NAMES as readonly string[]).includes(current)) return LAND_USE_CHOICES;
  return [{ id: current, name: `${current}（旧入力・選び直してください）` }, ...LAND_USE_CHOICES];
}

/** 土地: area, rights and 地代, zoning, ratios, 地目, 都市計画 and the 接道 rows. */
export function LandSection({ form }: { form: Form }) {
  const [use1, use2] = useWatch({ control: form.control, name: ["land_use_1", "land_use_2"] });
  return (
    <Section id="sec-land" title="土地">
      <div className={gridCols}>
        <AdminInput form={form} name="land_size" label="土地面積" inputMode="decimal" />
        <AdminSelect form={form} name="land_type" label="土地面積の単位" required choices={LAND_TYPES} />
        <AdminSelect form={form} name="land_rights.type" label="土地権利" choices={LAND_RIGHTS} />
        <AdminInput form={form} name="land_rights.other" label="土地権利（その他）" />
        <AdminInput form={form} name="land_rights.fee" label="地代（円）" inputMode="decimal" />
        <AdminSelect form={form} name="land_use_1" label="用途地域1" choices={landUseChoices(use1)} />
        <AdminSelect form={form} name="land_use_2" label="用途地域2" choices={landUseChoices(use2)} />
        <AdminInput form={form} name="land_corner" label="角地" />
        <AdminInput form={form} name="land_ratio.bdr_1" label="建ぺい率1（%）" inputMode="decimal" />
        <AdminInput form={form} name="land_ratio.far_1" label="容積率1（%）" inputMode="decimal" />
        <AdminInput form={form} name="land_ratio.bdr_2" label="建ぺい率2（%）" inputMode="decimal" />
        <AdminInput form={form} name="land_ratio.far_2" label="容積率2（%）" inputMode="decimal" />
        <AdminSelect form={form} name="land_cat.cd" label="地目" choices={LAND_CATS} />
        <AdminInput form={form} name="land_cat.other" label="地目（その他）" />
        <AdminSelect form={form} name="land_plan.cd" label="都市計画" choices={LAND_PLANS} />
        <AdminInput form={form} name="land_plan.other" label="都市計画（その他）" />
      </div>
      <AdminInput form={form} name="land_note" label="土地備考" />
      <RoadsEditor form={form} />
    </Section>
  );
}
