import type * as Leaflet from "leaflet";
import { cssRgb, HAZARD_CREDIT, HAZARD_CREDIT_URL, HAZARD_LAYERS, hazardTileUrl, type HazardGroup, type LegendEntry } from "@/lib/hazard";
import { HAZARD_CAVEAT } from "@/lib/yield-wording";
import { HAZARD_STORAGE_KEY } from "./hazard-loader";

/**
 * The hazard overlays' layer control (issue 34), for any Leaflet map (the map search;
 * any other Leaflet map can attach it the same way through hazard-loader.ts): the portal's
 * raster tiles at {base}/{layer}/{z}/{x}/{y}.png in four groups — 洪水（想定最大規模）,
 * 土砂災害警戒区域 (its three layers together), 津波, 高潮 — each with its legend and an
 * opacity slider, off by default; the choice is kept in localStorage. The credit goes into
 * the map's attribution while any layer is on; the caveat sits under the list.
 * Plain DOM (no React): it lives inside Leaflet's control corner.
 */

const GROUPS: { group: HazardGroup; name: string }[] = [
  { group: "flood", name: "洪水（想定最大規模）浸水深" },
  { group: "sediment", name: "土砂災害警戒区域（土石流・急傾斜地・地すべり）" },
  { group: "tsunami", name: "津波 浸水深" },
  { group: "storm_surge", name: "高潮 浸水深" },
];
const DEFAULT_OPACITY = 0.7;

interface Stored {
  on: HazardGroup[];
  opacity: Partial<Record<HazardGroup, number>>;
}

function readStored(): Stored {
  try {
    const v = JSON.parse(window.localStorage.getItem(HAZARD_STORAGE_KEY) ?? "null") as Partial<Stored> | null;
    const known = new Set(GROUPS.map((g) => g.group));
    return {
      on: Array.isArray(v?.on) ? v.on.filter((g): g is HazardGroup => known.has(g)) : [],
      opacity: v?.opacity && typeof v.opacity === "object" ? v.opacity : {},
    };
  } catch {
    return { on: [], opacity: {} };
  }
}

function writeStored(s: Stored): void {
  try {
    // Nothing on: no key, so the next visit loads none of this (hazard-loader.ts).
    if (s.on.length === 0) window.localStorage.removeItem(HAZARD_STORAGE_KEY);
    else window.localStorage.setItem(HAZARD_STORAGE_KEY, JSON.stringify(s));
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
}

/** The legend rows a group shows: depth steps once (the finer optional steps left out), or each phenomenon's two zones. */
function legendRows(group: HazardGroup): { label: string; rgb: LegendEntry["rgb"] }[] {
  const layers = HAZARD_LAYERS.filter((l) => l.group === group);
  if (layers[0]!.kind === "depth")
    return layers[0]!.legend.filter((e) => e.key !== "d_lt03" && e.key !== "d_05_1").map((e) => ({ label: e.label, rgb: e.rgb }));
  return layers.flatMap((l) =>
    l.legend.filter((e) => !e.key.endsWith("_planned")).map((e) => ({ label: `${l.short} ${e.label.replace("土砂災害", "")}`, rgb: e.rgb })),
  );
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, text?: string) => {
  const e = document.createElement(tag);
  e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};

export interface HazardControl {
  open(): void;
  remove(): void;
}

export function attachHazardLayers(L: typeof Leaflet, map: Leaflet.Map, opts: { base: string }): HazardControl {
  const state = readStored();
  const layers = new Map<HazardGroup, Leaflet.TileLayer[]>();
  const credit = `<a href="${HAZARD_CREDIT_URL}" target="_blank" rel="noopener">${HAZARD_CREDIT}</a>`;
  let credited = false;
  // Above the base map, below the markers.
  if (!map.getPane("hazard")) map.createPane("hazard").style.zIndex = "350";

  const opacityOf = (g: HazardGroup) => state.opacity[g] ?? DEFAULT_OPACITY;
  const sync = () => {
    for (const { group } of GROUPS) {
      const on = state.on.includes(group);
      let ls = layers.get(group);
      if (on && !ls) {
        ls = HAZARD_LAYERS.filter((l) => l.group === group).map((l) =>
          L.tileLayer(hazardTileUrl(opts.base, l.id, "{z}", "{x}", "{y}"), {
            pane: "hazard",
            opacity: opacityOf(group),
            minNativeZoom: 2,
            maxNativeZoom: l.maxZoom,
            className: `hazard-tiles hazard-${group}`,
          }),
        );
        for (const t of ls) t.addTo(map);
        layers.set(group, ls);
      } else if (!on && ls) {
        for (const t of ls) map.removeLayer(t);
        layers.delete(group);
      }
      for (const t of layers.get(group) ?? []) t.setOpacity(opacityOf(group));
    }
    const any = state.on.length > 0;
    if (any !== credited) {
      if (any) map.attributionControl.addAttribution(credit);
      else map.attributionControl.removeAttribution(credit);
      credited = any;
    }
    writeStored(state);
  };

  let panel: HTMLElement | null = null;
  const Control = L.Control.extend({
    onAdd() {
      const root = el("div", "max-w-[min(20rem,calc(100vw-5rem))] rounded-md border border-primary-300 bg-white text-xs text-primary shadow");
      root.dataset.slot = "hazard-control";
      L.DomEvent.disableClickPropagation(root);
      L.DomEvent.disableScrollPropagation(root);
      const toggle = el("button", "w-full px-3 py-1.5 text-left font-bold", "ハザード ▾");
      toggle.type = "button";
      toggle.setAttribute("aria-expanded", "false");
      panel = el("div", "grid max-h-[50vh] gap-2 overflow-y-auto border-t border-border p-2");
      panel.hidden = true;
      panel.id = "hazard-panel";
      toggle.setAttribute("aria-controls", panel.id);
      toggle.addEventListener("click", () => {
        panel!.hidden = !panel!.hidden;
        toggle.setAttribute("aria-expanded", String(!panel!.hidden));
        toggle.textContent = panel!.hidden ? "ハザード ▾" : "ハザード ▴";
      });
      for (const { group, name } of GROUPS) {
        const row = el("div", "grid gap-1");
        row.dataset.group = group;
        const label = el("label", "flex items-start gap-1.5 font-bold");
        const box = el("input", "mt-0.5");
        box.type = "checkbox";
        box.checked = state.on.includes(group);
        box.dataset.slot = "hazard-toggle";
        label.append(box, document.createTextNode(name));
        const detail = el("div", "grid gap-1 pl-5");
        detail.hidden = !box.checked;
        const range = el("input", "w-full accent-primary");
        range.type = "range";
        range.min = "0.2";
        range.max = "1";
        range.step = "0.1";
        range.value = String(opacityOf(group));
        range.setAttribute("aria-label", `${name}の不透明度`);
        range.addEventListener("input", () => {
          state.opacity[group] = Number(range.value);
          sync();
        });
        const legend = el("ul", "grid grid-cols-2 gap-x-2 gap-y-0.5");
        legend.setAttribute("aria-label", `${name}の凡例`);
        for (const r of legendRows(group)) {
          const li = el("li", "flex items-center gap-1");
          const sw = el("span", "inline-block size-3 shrink-0 rounded-sm border border-black/10");
          sw.style.background = cssRgb(r.rgb);
          li.append(sw, document.createTextNode(r.label));
          legend.append(li);
        }
        detail.append(el("span", "text-primary-600", "不透明度"), range, legend);
        box.addEventListener("change", () => {
          state.on = box.checked ? [...state.on, group] : state.on.filter((g) => g !== group);
          detail.hidden = !box.checked;
          sync();
        });
        row.append(label, detail);
        panel.append(row);
      }
      const note = el("p", "leading-snug text-primary-600", `※${HAZARD_CAVEAT}`);
      const src = el("a", "underline underline-offset-2", HAZARD_CREDIT);
      Object.assign(src, { href: HAZARD_CREDIT_URL, target: "_blank", rel: "noopener" });
      panel.append(note, src);
      root.append(toggle, panel);
      return root;
    },
  });
  const control = new Control({ position: "topright" });
  control.addTo(map);
  sync();
  return {
    open() {
      if (panel?.hidden) (panel.previousElementSibling as HTMLButtonElement | null)?.click();
    },
    remove() {
      for (const ls of layers.values()) for (const t of ls) map.removeLayer(t);
      layers.clear();
      if (credited) map.attributionControl.removeAttribution(credit);
      map.removeControl(control);
    },
  };
}
