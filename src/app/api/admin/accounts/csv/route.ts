import { getDb } from "@/server/db";
import { handleAccountsCsv } from "@/server/accounts";

/** CSV export of the member search (admins only). */
export async function GET(req: Request) {
  return handleAccountsCsv(await getDb(), req);
}
