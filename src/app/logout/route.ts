import { logoutForm } from "@/server/routes/logout-form";

/** The side menu's logout form (see src/server/routes/logout-form.ts). POST only: a link or a prefetch must not log anyone out. */
export async function POST(request: Request): Promise<Response> {
  return logoutForm(request);
}

export const dynamic = "force-dynamic";
