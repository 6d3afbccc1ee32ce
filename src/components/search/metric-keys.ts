/**
 * The URL keys of the 投資指標 controls (metric-options.ts): a form that shows them replaces them,
 * every other condition rides along. A module of its own, without imports, so the feature form
 * reads it without bundling the controls' wording.
 */
export const METRIC_KEYS = ["ny", "sk", "ow", "oc", "hz"] as const;
