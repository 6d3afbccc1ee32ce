import { fieldErrors } from "@/schemas/zod";
import { accountSearchInput } from "@/schemas/admin/accounts";
import { accountsCsv } from "@/server/accounts";
import { getDb, type Db } from "@/server/db";
import { isAdminRequest } from "./admin-upload";

/**
 * GET /api/admin/accounts/csv?<the list's search>[&encoding=sjis]: the member
 * search as a CSV download (admins only; anyone else gets a 404).
 */
export async function handleAccountsCsv(db: Db, req: Request): Promise<Response> {
  if (!(await isAdminRequest(db, req))) return new Response("Not Found", { status: 404 });
  const url = new URL(req.url);
  const parsed = accountSearchInput.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return Response.json({ message: "検索条件が正しくありません", errors: fieldErrors(parsed.error) }, { status: 422 });
  const file = await accountsCsv(db, parsed.data, url.searchParams.get("encoding") === "sjis" ? "sjis" : "utf8");
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/** The route handler (src/app/api/admin/accounts/csv), on the app's database. */
export const accountsCsvRoute = async (req: Request) => handleAccountsCsv(await getDb(), req);
