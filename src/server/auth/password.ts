import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 iterations, 1 lane).
 * @node-rs/argon2 defaults to argon2id; the parameters are explicit so a
 * library default change never weakens stored hashes. The whole password is
 * hashed (no 72-byte truncation as with bcrypt).
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}
