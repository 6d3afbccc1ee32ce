import { email, requiredString } from "@/schemas/common";
import { z } from "@/schemas/zod";

/**
 * Staff (administrator) accounts managed from the admin area: invite (a
 * first-login mail with a random initial password, as for staff-registered
 * members), list, disable and re-enable.
 */
export const inviteStaffInput = z.object({
  email: email(),
  name: requiredString("氏名", { max: 50 }),
});
export type InviteStaffInput = z.input<typeof inviteStaffInput>;

export const staffIdInput = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** 有効 / 招待中 (initial password not yet replaced) / 無効. */
export const STAFF_STATES = [
  { key: "active", name: "有効" },
  { key: "invited", name: "招待中" },
  { key: "disabled", name: "無効" },
] as const;
export type StaffState = (typeof STAFF_STATES)[number]["key"];

export const staffRow = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  state: z.enum(["active", "invited", "disabled"]),
  created_at: z.date(),
  last_login_at: z.date().nullable(),
  invited_by_name: z.string().nullable(),
  disabled_at: z.date().nullable(),
  disabled_by_name: z.string().nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;
export const staffList = z.array(staffRow);
