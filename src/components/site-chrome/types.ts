/**
 * Shapes the chrome receives from the server (spec §3). Declared here so that
 * client components do not import server modules; they match
 * api.public.options.get() and api.public.session.state().
 */
export interface SiteCountsData {
  members: number;
  investment: { members: number; public: number };
}

export interface LoginStateData {
  isLogin: boolean;
  isUserLogin: boolean;
  isAdminLogin: boolean;
}

/** Spec §4 visitor state: checking (unknown) → guest, member (user) or admin. */
export type VisitorState = "checking" | "guest" | "member" | "admin";

/** An admin is not treated as a plain user (spec §6). */
export function visitorStateOf(state: LoginStateData | undefined | null): VisitorState {
  if (!state) return "checking";
  if (state.isAdminLogin) return "admin";
  if (state.isUserLogin) return "member";
  return "guest";
}
