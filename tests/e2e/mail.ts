import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";

/** Waits for a mail to `to` in the worker's .eml outbox and returns it parsed. */
export async function waitForMail(dir: string, to: string, subjectIncludes: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const f of files
      .filter((x) => x.endsWith(".eml"))
      .sort()
      .reverse()) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, f)));
      if (mail.to?.some((a) => a.address === to) && (mail.subject ?? "").includes(subjectIncludes)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subjectIncludes}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function firstLink(text: string | undefined, pathPart: string): string {
  const m = (text ?? "").match(new RegExp(`https?://\\S*${pathPart.replace(/[/?]/g, "\\$&")}\\S*`));
  if (!m) throw new Error(`no ${pathPart} link in mail`);
  return m[0];
}
