"use client";

import { useWatch } from "react-hook-form";
import { TYPES } from "@/lib/constants/investment";
import { AdminCheckbox, AdminInput, AdminSelect, gridCols, Section } from "../form-fields";
import type { Form } from "./types";

/** 基本情報: number, type, name and the public / members / recommended flags. */
export function BasicsSection({ form }: { form: Form }) {
  const typeCd = useWatch({ control: form.control, name: "type_cd" });
  return (
    <Section id="sec-basic" title="基本情報">
      <div className={gridCols}>
        <AdminInput form={form} name="no" label="物件番号" required hint="他の物件と重複しない番号" />
        <AdminSelect form={form} name="type_cd" label="物件種別" required choices={TYPES} />
        {String(typeCd) === "99" ? <AdminInput form={form} name="type_other" label="物件種別（その他）" required /> : null}
      </div>
      <AdminInput form={form} name="name" label="物件名" required />
      <div className="flex flex-wrap gap-6">
        <AdminCheckbox form={form} name="public" label="公開する" />
        <AdminCheckbox form={form} name="members" label="会員限定" />
        <AdminCheckbox form={form} name="premium" label="おすすめ" />
      </div>
    </Section>
  );
}
