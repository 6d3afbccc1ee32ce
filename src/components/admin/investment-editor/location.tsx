"use client";

import { useMemo } from "react";
import { useWatch } from "react-hook-form";
import { MapPlacer } from "@/components/map/map-placer";
import { PREFECTURES } from "@/lib/constants/investment";
import { AdminInput, AdminSelect, gridCols, Section, type Choice } from "../form-fields";
import type { Form } from "./types";

type Municipality = { code: number | string; name: string; pref_cd: number | string };

/** 所在地: prefecture, then the municipalities of that prefecture from the masters, address and map point. */
export function LocationSection({ form, municipalities, loading }: { form: Form; municipalities: readonly Municipality[]; loading: boolean }) {
  const prefCd = useWatch({ control: form.control, name: "pref_cd" });
  const cities = useMemo<Choice[]>(
    () => municipalities.filter((m) => String(m.pref_cd) === String(prefCd)).map((m) => ({ id: m.code, name: m.name })),
    [municipalities, prefCd],
  );
  return (
    <Section id="sec-place" title="所在地">
      <div className={gridCols}>
        <AdminSelect form={form} name="pref_cd" label="都道府県" required choices={PREFECTURES} onValue={() => form.setValue("city_cd", "")} />
        <AdminSelect form={form} name="city_cd" label="市区町村" required choices={cities} placeholder={loading ? "読み込み中…" : "選択してください"} />
        <AdminInput form={form} name="district_cd" label="町名" required hint="例：梅田一丁目" />
        <AdminInput form={form} name="locality" label="番地以下" hint="公開ページには表示しません" />
        <AdminInput form={form} name="map.lat" label="緯度" inputMode="decimal" />
        <AdminInput form={form} name="map.lng" label="経度" inputMode="decimal" />
        <MapPlacer form={form} />
      </div>
    </Section>
  );
}
