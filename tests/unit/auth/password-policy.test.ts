import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PASSWORD_HAS_IDENTITY, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT, passwordProblem } from "@/server/auth/password-policy";
import { DEMO_DEFAULTS } from "@/seed";

/** The one password policy (ASVS 5.0 §6.2): length, the bundled common-password list, the account's address and names. */
describe("password policy", () => {
  const taro = { email: "taro.yamada@example.com", names: ["山田", "太郎", "ヤマダ", "タロウ", "山田 太郎"] };

  it("needs at least 8 characters", async () => {
    expect(await passwordProblem("Xq7#kd2")).toBe(PASSWORD_TOO_SHORT);
    expect(await passwordProblem("aaaaaa")).toBe(PASSWORD_TOO_SHORT);
    expect(await passwordProblem("Xq7#kd2!")).toBeNull();
  });

  it("refuses the common passwords of the bundled list, in any case, and one repeated character", async () => {
    for (const p of ["password", "Password", "PASSWORD1", "12345678", "qwerty123", "iloveyou", "abcd1234", "aaaaaaaa", "11111111111"]) {
      expect(await passwordProblem(p), p).toBe(PASSWORD_TOO_COMMON);
    }
  });

  it("refuses the address, its local part, or a password containing the local part", async () => {
    const id = { email: "hanako@example.jp" };
    expect(await passwordProblem("hanako@example.jp", id)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("HANAKO2026", id)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("my-hanako-pw", id)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("taro.yamada!", taro)).toBe(PASSWORD_HAS_IDENTITY);
    // A short local part is refused only as the password itself (with decorations), not inside another word.
    expect(await passwordProblem("ken12345", { email: "ken@example.com" })).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("broken-glass-7", { email: "ken@example.com" })).toBeNull();
  });

  it("refuses the names as stored (romaji staff names, and kanji/kana as they are)", async () => {
    const staff = { email: "s1@example.com", names: ["Taro Yamada"] };
    expect(await passwordProblem("yamada-2026", staff)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("TaroYamada", staff)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("taro1234", staff)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("山田太郎2026", taro)).toBe(PASSWORD_HAS_IDENTITY);
    expect(await passwordProblem("Vt4-river-bend", staff)).toBeNull();
  });

  it("the demo's printed logins pass it", async () => {
    expect(await passwordProblem(DEMO_DEFAULTS.memberPassword, { email: DEMO_DEFAULTS.memberEmail, names: ["会員", "デモ", "カイイン", "デモ"] })).toBeNull();
    expect(await passwordProblem(DEMO_DEFAULTS.adminPassword, { email: DEMO_DEFAULTS.adminEmail, names: ["デモ管理者"] })).toBeNull();
  });

  it("the list stays out of the browser: no client module imports the policy or the list", () => {
    const root = path.resolve(import.meta.dirname, "../../../src");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(name)) {
          const text = readFileSync(file, "utf8");
          const client =
            /^\s*["']use client["']/.test(text) ||
            file.includes(`${path.sep}components${path.sep}`) ||
            file.includes(`${path.sep}schemas${path.sep}`) ||
            file.includes(`${path.sep}lib${path.sep}`);
          if (client && /(from|import\()\s*["'][^"']*(password-policy|@zxcvbn-ts)/.test(text)) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
