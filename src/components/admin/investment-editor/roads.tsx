"use client";

import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { MAX_ROADS } from "@/schemas/admin/investment";
import { AdminInput } from "../form-fields";
import type { Form } from "./types";

const ROAD_EMPTY = { direction: "", width: "", kind: "", frontage: "" };

/** The 接道 rows of the land section (up to MAX_ROADS). */
export function RoadsEditor({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "land_road" });
  return (
    <div className="grid gap-3">
      <p className="text-sm font-bold">接道</p>
      {fields.map((f, i) => (
        <div key={f.id} className="grid items-end gap-3 sm:grid-cols-5">
          <AdminInput form={form} name={`land_road.${i}.direction`} label="方向" />
          <AdminInput form={form} name={`land_road.${i}.kind`} label="種別" />
          <AdminInput form={form} name={`land_road.${i}.width`} label="幅員（m）" inputMode="decimal" />
          <AdminInput form={form} name={`land_road.${i}.frontage`} label="間口（m）" inputMode="decimal" />
          <Button size="sm" variant="ghost" onClick={() => remove(i)}>
            削除
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" variant="outline" disabled={fields.length >= MAX_ROADS} onClick={() => append({ ...ROAD_EMPTY })}>
          接道を追加
        </Button>
      </div>
    </div>
  );
}
