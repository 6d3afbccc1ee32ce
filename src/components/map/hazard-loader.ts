import type * as Leaflet from "leaflet";

/** localStorage key of the hazard overlays chosen (hazard-layers.ts). */
export const HAZARD_STORAGE_KEY = "kir.hazard-layers";

/**
 * Puts the hazard overlays' button on a Leaflet map (issue 34) without their code: the
 * layer control (hazard-layers.ts, with the legend tables) is imported only when the
 * button is first pressed, or at once when this browser had layers switched on before —
 * a first visit to the map downloads none of it, and no hazard tile.
 */
export function attachHazardButton(L: typeof Leaflet, map: Leaflet.Map, base: string): void {
  const load = () => import("./hazard-layers").then((m) => m.attachHazardLayers(L, map, { base }));
  let stored = false;
  try {
    stored = Boolean(window.localStorage.getItem(HAZARD_STORAGE_KEY));
  } catch {
    // storage blocked: start with the button
  }
  if (stored) {
    void load();
    return;
  }
  const Button = L.Control.extend({
    onAdd() {
      const b = L.DomUtil.create("button", "rounded-md border border-primary-300 bg-white px-3 py-1.5 text-xs font-bold text-primary shadow");
      b.type = "button";
      b.textContent = "ハザード";
      b.setAttribute("aria-label", "ハザードマップを重ねる");
      b.dataset.slot = "hazard-button";
      L.DomEvent.disableClickPropagation(b);
      L.DomEvent.on(b, "click", () => {
        b.disabled = true;
        void load().then((c) => {
          map.removeControl(button);
          c.open();
        });
      });
      return b;
    },
  });
  const button = new Button({ position: "topright" });
  button.addTo(map);
}
