import { randomUUID } from "node:crypto";
import { hashPassword } from "@/server/auth/password";
import type { Db } from "@/server/db";
import { admins, users } from "@/server/db/schema";

export async function createUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email: `member-${randomUUID()}@example.com`,
      password_hash: await hashPassword("secret-pass"),
      status: "active",
      last_name: "山田",
      first_name: "太郎",
      kana_last: "ヤマダ",
      kana_first: "タロウ",
      ...over,
    })
    .returning();
  if (!row) throw new Error("user not created");
  return row;
}

export async function createAdmin(db: Db, over: Partial<typeof admins.$inferInsert> = {}) {
  const [row] = await db
    .insert(admins)
    .values({ email: `admin-${randomUUID()}@example.com`, name: "管理 花子", password_hash: await hashPassword("admin-pass"), ...over })
    .returning();
  if (!row) throw new Error("admin not created");
  return row;
}
