import { PASSWORD_MIN } from "@/lib/constants/account";
import { fieldInvalid } from "@/server/errors";

/**
 * The one password policy (ASVS 5.0 §6.2), used by every path that sets a
 * password (sign-up, reset, first login, member and staff password change,
 * staff invites, scripts/admin-create.ts) and by login, which asks an
 * existing user with a password that no longer passes to change it.
 *
 * - at least PASSWORD_MIN (8) characters (6.2.1; forms check this in the browser too);
 * - not one of the ~49,000 most common passwords bundled with
 *   @zxcvbn-ts/language-common (6.2.4), checked offline; nor one character repeated;
 * - not made of the account's e-mail address or name (6.2.11): equal to the
 *   address, its local part or a name, or containing one of them of 4+ characters.
 *
 * The list is loaded once, lazily, on the server only: this module is never
 * imported by a client component (the browser gets the length rule alone).
 */
export const PASSWORD_TOO_SHORT = `パスワードは${PASSWORD_MIN}文字以上で入力してください`;
export const PASSWORD_TOO_COMMON = "よく使われているパスワードのため使用できません。推測されにくいパスワードを設定してください";
export const PASSWORD_HAS_IDENTITY = "メールアドレスや氏名を含むパスワードは使用できません";

/** What the password is checked against: the account's address and names as stored (kanji, kana, romaji). */
export type PasswordIdentity = { email?: string | null; names?: readonly (string | null | undefined)[] };

let common: Promise<Set<string>> | undefined;

/** The common-password list as a Set, built on first use (about 49,000 entries, all lower case). */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return common;
}

const normalise = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, "");

/** The strings a password must not be made of, normalised. */
function identityTokens(identity: PasswordIdentity): string[] {
  const tokens = new Set<string>();
  const email = identity.email ? normalise(identity.email) : "";
  if (email) {
    tokens.add(email);
    const local = email.split("@")[0];
    if (local) tokens.add(local);
  }
  for (const name of identity.names ?? []) {
    if (!name) continue;
    // Each part of a name ("Taro Yamada", "山田 太郎") and the whole name without spaces.
    for (const part of name.split(/[\s\u3000・]+/)) if (part) tokens.add(normalise(part));
    tokens.add(normalise(name));
  }
  tokens.delete("");
  return [...tokens];
}

/** The Japanese reason the password is refused, or null when it passes. */
export async function passwordProblem(password: string, identity: PasswordIdentity = {}): Promise<string | null> {
  if ([...password].length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  const p = normalise(password);
  // "taro2024!" is "taro" with decorations: compare the letters too.
  const letters = p.replace(/[^\p{L}]/gu, "");
  for (const token of identityTokens(identity)) {
    if (p === token || letters === token) return PASSWORD_HAS_IDENTITY;
    if ([...token].length >= 4 && p.includes(token)) return PASSWORD_HAS_IDENTITY;
  }
  if (/^(.)\1*$/u.test(p) || (await commonPasswords()).has(p)) return PASSWORD_TOO_COMMON;
  return null;
}

/** Throws INVALID on `field` with the reason when the password does not pass. */
export async function assertPasswordPolicy(password: string, identity: PasswordIdentity, field = "password"): Promise<void> {
  const problem = await passwordProblem(password, identity);
  if (problem) throw fieldInvalid(field, problem);
}
