import { Select } from "@/components/ui/select";
import { floorLabel, METRIC_FLAGS, NET_YIELD_LABEL, NET_YIELD_STEPS, SEKISAN_LABEL, SEKISAN_STEPS } from "./metric-options";

/** A flag as the search reads it (coerceFlag: 1, true, on). */
const isOn = (v: string | null) => v !== null && ["1", "true", "on"].includes(v.trim().toLowerCase());

function FloorSelect({ id, label, name, steps, init }: { id: string; label: string; name: string; steps: readonly number[]; init: URLSearchParams }) {
  const current = init.get(name) ?? "";
  // a value given in the URL that is not a step (ny=5.5) is offered as it is, so the form keeps it
  const extra = current && !steps.some((s) => String(s) === current) ? current : null;
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-bold text-primary-600">
        {label}
      </label>
      <Select id={id} name={name} defaultValue={current}>
        <option value="">下限なし</option>
        {extra && <option value={extra}>{floorLabel(extra)}（指定値）</option>}
        {steps.map((s) => (
          <option key={s} value={String(s)}>
            {floorLabel(s)}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The 投資指標 fields (ny, sk, ow, oc, hz) of the search dialog and the feature search, preselected
 * from `init` (the list's conditions). Plain named inputs: the form around them reads them. No hooks
 * and no "use client": the feature search renders it on the server and hands it to its form, so its
 * code stays out of that page's JavaScript (issue 21's budget); the dialog bundles it. `idPrefix`
 * keeps the ids apart when both are on one page.
 */
export function MetricFields({ init, idPrefix }: { init: URLSearchParams; idPrefix: string }) {
  return (
    <div className="grid gap-3" data-slot="metric-fields">
      <div className="grid grid-cols-2 gap-3">
        <FloorSelect id={`${idPrefix}-ny`} label={NET_YIELD_LABEL} name="ny" steps={NET_YIELD_STEPS} init={init} />
        <FloorSelect id={`${idPrefix}-sk`} label={SEKISAN_LABEL} name="sk" steps={SEKISAN_STEPS} init={init} />
      </div>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {METRIC_FLAGS.map((f) => (
          <label
            key={f.key}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border bg-white px-2.5 py-1.5 text-sm transition-colors hover:border-gold-300 has-[:checked]:border-gold-500 has-[:checked]:bg-gold-50${f.key === "hz" ? " sm:col-span-2" : ""}`}
          >
            <input type="checkbox" name={f.key} value="1" defaultChecked={isOn(init.get(f.key))} className="size-4 shrink-0 accent-gold-600" />
            <span className="min-w-0 flex-1">
              <span className="font-bold">{f.label}</span>
              <span className="block text-xs text-primary-500">{f.note}</span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
