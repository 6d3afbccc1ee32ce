import { accountsCsvRoute } from "@/server/routes/accounts-csv";

/** CSV export of the member search (admins only). */
export async function GET(req: Request) {
  return accountsCsvRoute(req);
}
