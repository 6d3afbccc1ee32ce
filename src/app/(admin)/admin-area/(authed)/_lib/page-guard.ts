import "server-only";
import { notFound } from "next/navigation";
import { requireAdmin } from "@/app/_lib/page-guards";
import { env } from "@/server/env";

/**
 * The start of every admin page: the session check (a page renders in
 * parallel with the layout, so it checks for itself; the procedures refuse
 * anyway), then the admin base path for the page's links.
 */
export async function adminPage(): Promise<string> {
  await requireAdmin();
  return env().ADMIN_BASE_PATH;
}

/** A record id from the URL (1 to 15 digits, no leading zero); anything else is the ordinary 404. */
export function idParam(id: string): number {
  if (!/^[1-9]\d{0,14}$/.test(id)) notFound();
  return Number(id);
}
