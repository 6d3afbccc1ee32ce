import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { hashPassword } from "@/server/auth/password";
import { passwordProblem } from "@/server/auth/password-policy";
import { closeDb, getDb } from "@/server/db";
import { migrateDb } from "@/server/migrate";
import { admins } from "@/server/db/schema";

// npm run admin:create -- --email you@example.com --password '…' [--name 'Name']
// Creates an administrator (the first one included) or resets an existing one's password.
const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string", default: "" } },
});
const email = values.email?.trim().toLowerCase();
const password = values.password ?? "";
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error("--email にメールアドレスを指定してください");
  process.exit(2);
}
if (password.length < 12 || !/^[\x21-\x7e]+$/.test(password)) {
  console.error("--password は半角英数字記号12文字以上で指定してください (administrators need a longer password)");
  process.exit(2);
}
// The same policy as every other password (common passwords, the address or name in it).
const problem = await passwordProblem(password, { email, names: [values.name ?? ""] });
if (problem) {
  console.error(`--password: ${problem}`);
  process.exit(2);
}
const db = await getDb();
await migrateDb(db);
const password_hash = await hashPassword(password);
const existing = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).get();
if (existing) {
  await db.update(admins).set({ password_hash, must_reset_password: false }).where(eq(admins.id, existing.id));
  console.log(`updated administrator ${email} (#${existing.id})`);
} else {
  const [row] = await db
    .insert(admins)
    .values({ email, name: values.name ?? "", password_hash })
    .returning({ id: admins.id });
  console.log(`created administrator ${email} (#${row?.id})`);
}
await closeDb();
