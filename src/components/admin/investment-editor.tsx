"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { get, useFieldArray, useForm, useWatch, type FieldError, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import { FormAlert } from "@/components/forms/field";
import { MapPlacer } from "@/components/map/map-placer";
import { applyServerErrors } from "@/components/forms/server-errors";
import { useSubmitStatus } from "@/components/forms/use-submit-status";
import { Button } from "@/components/ui/button";
import {
  IMAGE_CATEGORIES,
  LAND_RIGHTS,
  LAND_TYPES,
  PREFECTURES,
  RAILWAY_OPERATORS,
  TRANSACTIONS,
  TYPES,
  VACANCIES,
} from "@/lib/constants/investment";
import { formatPrice } from "@/lib/price";
import { grossIncomeYield } from "@/lib/yield";
import {
  DISTANCES,
  DUPLICATE_NO_MESSAGE,
  LAND_CATS,
  LAND_PLANS,
  MAX_IMAGES,
  MAX_ROADS,
  MAX_TRANSPORTS,
  STRUCTURE_CHOICES,
  investmentForm,
  type InvestmentFormInput,
  type InvestmentFormOutput,
} from "@/schemas/admin/investment";
import { api } from "@/trpc/react";
import { AdminCheckbox, AdminInput, AdminSelect, AdminTextarea, gridCols, Section, type Choice } from "./form-fields";

type Values = InvestmentFormInput;
type Form = UseFormReturn<Values, unknown, InvestmentFormOutput>;

export interface StoredImageInfo {
  id: number;
  name: string;
}

export interface InvestmentEditorProps {
  base: string;
  /** PREVIEW_BASE_PATH (admins only): the preview link of a saved listing. */
  previewBase?: string;
  /** null for a new listing */
  id: number | null;
  initial: Values;
  images?: StoredImageInfo[];
  /** Transport names as stored (shown until the pickers load). */
  meta?: { price_before: number | null; price_down: boolean; public_at: string | null; update_at: string | null } | null;
}

const TRANSPORT_EMPTY = { operator: "", line_cd: "", station_cd: "", distance: "1", station_walk: "", bus_name: "", bus_time: "", bus_walk: "", other: "" };
const ROAD_EMPTY = { direction: "", width: "", kind: "", frontage: "" };
/** Every path the server may report, so its field errors land under the right control. */
const SERVER_FIELDS = (v: Values) => [
  ...Object.keys(v),
  "map.lat",
  "map.lng",
  "income.month",
  "income.year",
  "floor.ground",
  "floor.under",
  "floor.location",
  "built.year",
  "built.month",
  "vacancy.cd",
  "vacancy.other",
  "land_rights.type",
  "land_rights.other",
  "land_rights.fee",
  "land_ratio.bdr_1",
  "land_ratio.bdr_2",
  "land_ratio.far_1",
  "land_ratio.far_2",
  "land_cat.other",
  "land_plan.other",
  "original.check_at",
  "original.tel",
  "comments.main",
  "comments.sub",
  ...Array.from({ length: MAX_TRANSPORTS }, (_, i) =>
    ["station_cd", "distance", "station_walk", "bus_name", "bus_time", "bus_walk", "other"].map((f) => `transports.${i}.${f}`),
  ).flat(),
];

const draftKey = (id: number | null) => `kir-admin-investment-draft-${id ?? "new"}`;
/** The draft found when the editor first opened (read once per page load, so our own autosaves do not re-trigger the banner). */
const draftCache = new Map<string, string | null>();
function readDraftOnce(key: string): string | null {
  if (!draftCache.has(key)) {
    let v: string | null = null;
    try {
      v = localStorage.getItem(key);
    } catch {
      // storage unavailable: no autosave
    }
    draftCache.set(key, v);
  }
  return draftCache.get(key) ?? null;
}
const noSubscribe = () => () => undefined;

/**
 * The listing editor: every field of spec §3 in sections, the spec §5 rules
 * (same schema as the server), the property-number check as you type,
 * transports from the railway master, photo upload with drag-and-drop order,
 * autosave of the draft in this browser, a warning before leaving with
 * unsaved changes, and a preview link.
 */
export function InvestmentEditor({ base, previewBase, id, initial, images = [], meta }: InvestmentEditorProps) {
  const router = useRouter();
  const utils = api.useUtils();
  const s = useSubmitStatus();
  const [saved, setSaved] = useState<string | null>(null);
  // Server field errors (the duplicate 物件番号 check, a refused save) stay while their field keeps the
  // value they were about: each client validation would otherwise replace them with its own result.
  // One Map for the editor's life (a stable object read by the resolver, never rendered).
  const [serverErrors] = useState(() => new Map<string, { value: unknown; message: string }>());
  const resolver = useMemo<Resolver<Values, unknown, InvestmentFormOutput>>(() => {
    const client = zodResolver(investmentForm) as Resolver<Values, unknown, InvestmentFormOutput>;
    return async (values, context, options) => {
      const result = await client(values, context, options);
      const kept: [string, string][] = [];
      for (const [path, e] of serverErrors) {
        if (get(values, path) !== e.value) serverErrors.delete(path);
        else if (!get(result.errors, path)) kept.push([path, e.message]);
      }
      if (!kept.length) return result;
      const errors = { ...result.errors } as Record<string, unknown>;
      for (const [path, message] of kept) errors[path] = { type: "server", message } satisfies FieldError;
      return { values: {}, errors: errors as typeof result.errors };
    };
  }, [serverErrors]);
  const form = useForm<Values, unknown, InvestmentFormOutput>({ resolver, defaultValues: initial, mode: "onBlur" });
  const setServerError = useCallback(
    (path: string, message: string) => {
      serverErrors.set(path, { value: form.getValues(path as Path<Values>), message });
      form.setError(path as Path<Values>, { type: "server", message });
    },
    [serverErrors, form],
  );
  const create = api.admin.investments.create.useMutation();
  const update = api.admin.investments.update.useMutation();
  const masters = api.admin.investments.masters.useQuery(undefined, { staleTime: Infinity });

  // ── autosave (this browser) and the unsaved-changes warning ──
  const key = draftKey(id);
  const draftRaw = useSyncExternalStore(noSubscribe, () => readDraftOnce(key), () => null);
  const [draftDismissed, setDraftDismissed] = useState(false);
  const draft = useMemo<Values | null>(() => {
    if (!draftRaw || draftDismissed) return null;
    try {
      return JSON.parse(draftRaw) as Values;
    } catch {
      return null;
    }
  }, [draftRaw, draftDismissed]);
  const watched = useWatch({ control: form.control });
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (!dirty) return;
    const t = setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify(form.getValues()));
      } catch {
        // full or unavailable
      }
    }, 800);
    return () => clearTimeout(t);
  }, [watched, dirty, key, form]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const clearDraft = () => {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
    draftCache.set(key, null);
    setDraftDismissed(true);
  };

  // ── property number: checked as you type ──
  const no = useWatch({ control: form.control, name: "no" });
  useEffect(() => {
    const value = String(no ?? "").trim();
    if (!value) return;
    const t = setTimeout(async () => {
      const r = await utils.admin.investments.exists.fetch({ id: id ?? 0, no: value }).catch(() => null);
      if (r?.exists) setServerError("no", DUPLICATE_NO_MESSAGE);
      else if (form.getFieldState("no").error?.message === DUPLICATE_NO_MESSAGE) {
        serverErrors.delete("no");
        form.clearErrors("no");
      }
    }, 400);
    return () => clearTimeout(t);
  }, [no, id, utils, form, serverErrors, setServerError]);

  const onSubmit = form.handleSubmit(
    async (values) => {
      s.start();
      setSaved(null);
      try {
        if (id === null) {
          const r = await create.mutateAsync(values as never);
          clearDraft();
          form.reset(form.getValues());
          s.succeed();
          router.push(`${base}/investments/${r.id}?saved=1`);
        } else {
          const r = await update.mutateAsync({ id, ...values } as never);
          clearDraft();
          s.succeed();
          setSaved(r.priceCut ? "保存しました（値下げとして記録しました）" : "保存しました");
          await utils.admin.investments.byId.invalidate({ id });
          router.refresh();
          form.reset(form.getValues());
        }
      } catch (e) {
        s.fail(applyServerErrors<Values>(e, (path, err) => setServerError(path, err.message ?? ""), SERVER_FIELDS(values as unknown as Values)) ?? "入力内容をご確認ください");
      }
    },
    () => s.fail("入力内容に誤りがあります。赤字の項目をご確認ください。"),
  );

  const typeCd = useWatch({ control: form.control, name: "type_cd" });
  const structureCd = useWatch({ control: form.control, name: "structure_cd" });
  const prefCd = useWatch({ control: form.control, name: "pref_cd" });
  const price = useWatch({ control: form.control, name: "price" });
  // The yield is derived from price and income whenever both are known (as the server does on save), shown live and read-only.
  const income = useWatch({ control: form.control, name: "income" });
  const derivedYield = grossIncomeYield(String(price ?? ""), { month: String(income?.month ?? ""), year: String(income?.year ?? "") }).yield;
  useEffect(() => {
    if (derivedYield !== null && String(derivedYield) !== form.getValues("yield")) form.setValue("yield", String(derivedYield), { shouldDirty: true });
  }, [derivedYield, form]);
  const cities = useMemo<Choice[]>(
    () => (masters.data?.municipalities ?? []).filter((m) => String(m.pref_cd) === String(prefCd)).map((m) => ({ id: m.code, name: m.name })),
    [masters.data, prefCd],
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-busy={s.submitting}>
      {draft ? (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-gold-300 bg-gold-50 px-4 py-3 text-sm">
          自動保存された編集内容があります。
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              form.reset(draft, { keepDefaultValues: true });
              setDraftDismissed(true);
            }}
          >
            復元する
          </Button>
          <Button size="sm" variant="ghost" onClick={clearDraft}>
            破棄する
          </Button>
        </div>
      ) : null}
      <FormAlert message={s.message} />
      <FormAlert message={saved} tone="success" />

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

      <Section id="sec-place" title="所在地">
        <div className={gridCols}>
          <AdminSelect form={form} name="pref_cd" label="都道府県" required choices={PREFECTURES} onValue={() => form.setValue("city_cd", "")} />
          <AdminSelect form={form} name="city_cd" label="市区町村" required choices={cities} placeholder={masters.isLoading ? "読み込み中…" : "選択してください"} />
          <AdminInput form={form} name="district_cd" label="町名" required hint="例：梅田一丁目" />
          <AdminInput form={form} name="locality" label="番地以下" hint="公開ページには表示しません" />
          <AdminInput form={form} name="map.lat" label="緯度" inputMode="decimal" />
          <AdminInput form={form} name="map.lng" label="経度" inputMode="decimal" />
          <MapPlacer form={form} />
        </div>
      </Section>

      <TransportsSection form={form} lines={masters.data?.lines ?? []} />

      <Section id="sec-price" title="価格・収支">
        <div className={gridCols}>
          <AdminInput form={form} name="price" label="価格（万円）" required inputMode="decimal" hint={price ? formatPrice(String(price)) : undefined} />
          <AdminInput form={form} name="income.month" label="月額賃料収入（円）" inputMode="decimal" />
          <AdminInput form={form} name="income.year" label="年間賃料収入（円）" inputMode="decimal" hint="空欄なら月額×12" />
          <AdminInput
            form={form}
            name="yield"
            label="表面利回り（%）"
            inputMode="decimal"
            readOnly={derivedYield !== null}
            hint={derivedYield !== null ? "年間収入÷価格で自動計算（小数第2位未満切り捨て）" : "賃料収入が空欄のときだけ入力"}
          />
          <AdminInput form={form} name="service_charge" label="管理費（円）" inputMode="decimal" />
          <AdminInput form={form} name="maintenance_fee" label="修繕積立金（円）" inputMode="decimal" />
        </div>
        {meta?.price_down && meta.price_before !== null ? (
          <p className="text-sm text-error">値下げ中：変更前 {formatPrice(meta.price_before)}</p>
        ) : null}
      </Section>

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

      <Section id="sec-land" title="土地">
        <div className={gridCols}>
          <AdminInput form={form} name="land_size" label="土地面積" inputMode="decimal" />
          <AdminSelect form={form} name="land_type" label="土地面積の単位" required choices={LAND_TYPES} />
          <AdminSelect form={form} name="land_rights.type" label="土地権利" choices={LAND_RIGHTS} />
          <AdminInput form={form} name="land_rights.other" label="土地権利（その他）" />
          <AdminInput form={form} name="land_rights.fee" label="地代（円）" inputMode="decimal" />
          <AdminInput form={form} name="land_use_1" label="用途地域1" />
          <AdminInput form={form} name="land_use_2" label="用途地域2" />
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

      <Section id="sec-deal" title="現況・取引">
        <div className={gridCols}>
          <AdminSelect form={form} name="vacancy.cd" label="現況" required choices={VACANCIES} />
          <AdminInput form={form} name="vacancy.other" label="現況（その他）" />
          <AdminInput form={form} name="assign" label="引渡し" hint="例：相談、即時" />
          <AdminSelect form={form} name="transactions" label="取引態様" choices={TRANSACTIONS} hint="公開には必須（表示規約）" />
        </div>
      </Section>

      <Section id="sec-original" title="元付情報（公開しません）">
        <div className={gridCols}>
          <AdminInput form={form} name="original.company" label="元付会社" />
          <AdminInput form={form} name="original.staff" label="元付担当者" />
          <AdminInput form={form} name="original.tel" label="元付電話番号" inputMode="tel" />
          <AdminInput form={form} name="original.reins" label="レインズ番号" />
          <AdminInput form={form} name="original.check_at" label="確認日" type="date" />
        </div>
      </Section>

      <Section id="sec-comments" title="コメント">
        <AdminTextarea form={form} name="comments.main" label="キャッチコピー" rows={2} hint="禁止用語（絶対・格安・最高など）は使えません" />
        <AdminTextarea form={form} name="comments.sub" label="備考・コメント" rows={5} />
      </Section>

      <ImagesSection form={form} stored={images} investmentId={id} />

      <Section id="sec-publish" title="掲載管理（表示規約）">
        <div className={gridCols}>
          <AdminInput form={form} name="registered_at" label="情報登録日" type="date" hint="公開には必須" />
          <AdminInput form={form} name="next_update_at" label="次回更新予定日" type="date" hint="公開には必須・14日以内" />
        </div>
        {meta?.update_at ? <p className="text-xs text-muted-foreground">最終更新 {new Date(meta.update_at).toLocaleString("ja-JP")}</p> : null}
      </Section>

      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-border bg-white/95 px-4 py-3 shadow-sm">
        <Button type="submit" variant="gold" disabled={s.submitting}>
          {s.submitting ? "保存中…" : id === null ? "登録する" : "保存する"}
        </Button>
        {id !== null && previewBase ? (
          <a href={`${previewBase}/investments/${id}`} target="_blank" rel="noreferrer" className="text-sm underline">
            プレビュー
          </a>
        ) : null}
        {dirty ? <span className="text-xs text-muted-foreground">未保存の変更があります（この端末に自動保存中）</span> : null}
      </div>
    </form>
  );
}

/* ------------------------------------------------------------ transports */

type Line = { line_cd: number; company_cd: number; name: string };
const OTHER_OPERATOR = "other";

function operatorOf(companyCd: number | undefined): string {
  if (companyCd === undefined) return "";
  const op = RAILWAY_OPERATORS.find((o) => o.company_cd === companyCd || (o.merged_company_cds as readonly number[]).includes(companyCd));
  return op?.key ?? OTHER_OPERATOR;
}

function TransportsSection({ form, lines }: { form: Form; lines: Line[] }) {
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "transports" });
  return (
    <Section id="sec-transports" title="交通">
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">交通が登録されていません。</p> : null}
      <ol className="grid gap-4">
        {fields.map((f, i) => (
          <li key={f.id} className="grid gap-3 rounded-md border border-border p-4" aria-label={`交通${i + 1}`}>
            <div className="flex items-center justify-between">
              <span className="text-sm font-bold">交通{i + 1}</span>
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`交通${i + 1}を上へ`}>
                  ↑
                </Button>
                <Button size="sm" variant="ghost" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`交通${i + 1}を下へ`}>
                  ↓
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`交通${i + 1}を削除`}>
                  削除
                </Button>
              </div>
            </div>
            <TransportRow form={form} index={i} lines={lines} />
          </li>
        ))}
      </ol>
      <div>
        <Button size="sm" variant="outline" disabled={fields.length >= MAX_TRANSPORTS} onClick={() => append({ ...TRANSPORT_EMPTY })}>
          交通を追加
        </Button>
      </div>
    </Section>
  );
}

function TransportRow({ form, index, lines }: { form: Form; index: number; lines: Line[] }) {
  const p = `transports.${index}` as const;
  const lineCd = useWatch({ control: form.control, name: `${p}.line_cd` });
  const distance = String(useWatch({ control: form.control, name: `${p}.distance` }) ?? "");
  const line = lines.find((l) => String(l.line_cd) === String(lineCd));
  const [chosenOperator, setOperator] = useState<string | null>(null);
  const operator = chosenOperator ?? operatorOf(line?.company_cd);
  const lineChoices = useMemo<Choice[]>(
    () => lines.filter((l) => operatorOf(l.company_cd) === operator).map((l) => ({ id: l.line_cd, name: l.name })),
    [lines, operator],
  );
  const lineNumber = Number(lineCd);
  const stations = api.admin.investments.stations.useQuery({ line_cd: lineNumber }, { enabled: Number.isInteger(lineNumber) && lineNumber > 0, staleTime: Infinity });
  const stationChoices = useMemo<Choice[]>(() => (stations.data ?? []).map((s) => ({ id: s.station_cd, name: s.name })), [stations.data]);
  const opId = `f-transports-${index}-operator`;
  return (
    <div className={gridCols}>
      <div className="grid gap-1.5">
        <label htmlFor={opId} className="text-sm font-bold text-primary">
          鉄道会社
        </label>
        <select
          id={opId}
          className="h-9 rounded-md border border-primary-200 bg-white px-3 text-sm"
          value={operator}
          onChange={(e) => {
            setOperator(e.target.value);
            form.setValue(`${p}.line_cd`, "", { shouldDirty: true });
            form.setValue(`${p}.station_cd`, "", { shouldDirty: true });
          }}
        >
          <option value="">選択してください</option>
          {RAILWAY_OPERATORS.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
          <option value={OTHER_OPERATOR}>その他の鉄道会社</option>
        </select>
      </div>
      <AdminSelect form={form} name={`${p}.line_cd`} label="路線" choices={lineChoices} onValue={() => form.setValue(`${p}.station_cd`, "")} />
      <AdminSelect form={form} name={`${p}.station_cd`} label="駅" choices={stationChoices} placeholder={stations.isFetching ? "読み込み中…" : "選択してください"} />
      <AdminSelect form={form} name={`${p}.distance`} label="交通手段" choices={DISTANCES} placeholder="選択" />
      {distance === "1" ? <AdminInput form={form} name={`${p}.station_walk`} label="徒歩（分）" inputMode="numeric" /> : null}
      {distance === "2" ? (
        <>
          <AdminInput form={form} name={`${p}.bus_name`} label="バス停名" />
          <AdminInput form={form} name={`${p}.bus_time`} label="バス乗車時間（分）" inputMode="numeric" />
          <AdminInput form={form} name={`${p}.bus_walk`} label="バス停から徒歩（分）" inputMode="numeric" />
        </>
      ) : null}
      {distance === "3" ? <AdminInput form={form} name={`${p}.other`} label="その他の交通" className="sm:col-span-2" /> : null}
    </div>
  );
}

/* ----------------------------------------------------------------- roads */

function RoadsEditor({ form }: { form: Form }) {
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

/* ---------------------------------------------------------------- images */

function ImagesSection({ form, stored, investmentId }: { form: Form; stored: StoredImageInfo[]; investmentId: number | null }) {
  // keyName "key": the image rows have an `id` of their own (the stored image's id)
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: "images", keyName: "key" });
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const storedById = useMemo(() => new Map(stored.map((s) => [s.id, s])), [stored]);
  const srcOf = (img: { id?: unknown; token?: unknown }): string | null => {
    if (typeof img.token === "string" && img.token) return `/api/admin/images/staging/${img.token}/thumb`;
    const s = storedById.get(Number(img.id));
    return s && investmentId !== null ? `/api/admin/images/${investmentId}/${s.name}/thumb` : null;
  };

  async function uploadFiles(files: FileList | File[]) {
    setError(null);
    const list = [...files].slice(0, Math.max(0, MAX_IMAGES - fields.length));
    for (const file of list) {
      setUploading((n) => n + 1);
      try {
        const fd = new FormData();
        fd.set("file", file);
        const res = await fetch("/api/admin/images", { method: "POST", body: fd, credentials: "same-origin" });
        const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
        if (!res.ok || !body.token) setError(`${file.name}：${body.message ?? "アップロードに失敗しました"}`);
        else append({ token: body.token, comment: "", category: "photo" } as never);
      } catch {
        setError("アップロードに失敗しました。通信状況をご確認ください。");
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const imageError = (form.formState.errors.images as { message?: string } | undefined)?.message;
  return (
    <Section id="sec-images" title="画像">
      <div
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes("Files")) {
            e.preventDefault();
            setOver(true);
          }
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          if (e.dataTransfer.files.length) {
            e.preventDefault();
            setOver(false);
            void uploadFiles(e.dataTransfer.files);
          }
        }}
        className={`grid place-items-center gap-2 rounded-md border-2 border-dashed p-6 text-sm ${over ? "border-gold bg-gold-50" : "border-border"}`}
      >
        <p>ここに画像をドラッグ＆ドロップ、または</p>
        <label className="cursor-pointer rounded-md border border-primary-300 bg-white px-3 py-1.5 font-bold hover:bg-primary-50">
          画像を選択
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            aria-label="画像ファイル"
            onChange={(e) => {
              if (e.target.files) void uploadFiles(e.target.files);
              e.target.value = "";
            }}
          />
        </label>
        <p className="text-xs text-muted-foreground">JPEG・PNG・WebP、15MBまで。{MAX_IMAGES}枚まで。ドラッグで並べ替えできます。</p>
        {uploading > 0 ? <p role="status">アップロード中…（{uploading}件）</p> : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {imageError ? (
        <p role="alert" className="text-sm text-error">
          {imageError}
        </p>
      ) : null}
      <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="登録画像">
        {fields.map((f, i) => {
          const src = srcOf(f as { id?: unknown; token?: unknown });
          const itemError = (form.formState.errors.images as unknown as Record<number, { message?: string }> | undefined)?.[i]?.message;
          return (
            <li
              key={f.key}
              draggable
              onDragStart={() => setDragFrom(i)}
              onDragOver={(e) => {
                if (dragFrom !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragFrom !== null && dragFrom !== i) {
                  e.preventDefault();
                  move(dragFrom, i);
                }
                setDragFrom(null);
              }}
              className="grid gap-2 rounded-md border border-border bg-white p-3"
              data-testid="image-item"
            >
              <div className="relative aspect-[4/3] overflow-hidden rounded bg-muted">
                {src ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={src} alt={`画像${i + 1}`} className="size-full object-cover" />
                ) : null}
                <span className="absolute left-1 top-1 rounded bg-primary px-1.5 text-xs text-white">{i + 1}</span>
              </div>
              <input
                aria-label={`画像${i + 1}のコメント`}
                placeholder="コメント（任意）"
                className="h-8 rounded-md border border-primary-200 px-2 text-sm"
                {...form.register(`images.${i}.comment`)}
              />
              <select
                aria-label={`画像${i + 1}の種類`}
                className="h-8 rounded-md border border-primary-200 bg-white px-2 text-sm"
                {...form.register(`images.${i}.category`)}
              >
                {IMAGE_CATEGORIES.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.name}
                  </option>
                ))}
              </select>
              {itemError ? <p className="text-xs text-error">{itemError}</p> : null}
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`画像${i + 1}を前へ`}>
                  ←
                </Button>
                <Button size="sm" variant="ghost" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)} aria-label={`画像${i + 1}を後ろへ`}>
                  →
                </Button>
                <Button size="sm" variant="ghost" onClick={() => remove(i)} aria-label={`画像${i + 1}を削除`}>
                  削除
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </Section>
  );
}
