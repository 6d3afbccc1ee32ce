// What `npm run demo` prints once web and worker are up. Plain Node like demo.mjs (it runs
// before dependencies are checked), so the mail settings are read the way src/server/env.ts
// reads them: SMTP_URL when set, else MAIL_OUTBOX_DIR (default ./data/outbox, relative to
// the working directory, which is the project root for the demo).
import path from "node:path";

export const DEFAULT_MAIL_OUTBOX_DIR = "./data/outbox";

/** Where mail goes, for the banner: the SMTP host (never its credentials) or the outbox directory. */
export function mailDestination(env, cwd = process.cwd()) {
  if (env.SMTP_URL) {
    try {
      const u = new URL(env.SMTP_URL);
      return `sent through SMTP at ${u.hostname}${u.port ? `:${u.port}` : ""}`;
    } catch {
      return "sent through SMTP_URL";
    }
  }
  const dir = env.MAIL_OUTBOX_DIR || DEFAULT_MAIL_OUTBOX_DIR;
  const shown = path.isAbsolute(dir) ? dir : path.relative(cwd, path.resolve(cwd, dir)) || ".";
  return `.eml files under ${shown.replace(/\/?$/, "/")}`;
}

export function demoBanner({ base, adminBase, seconds, env, cwd }) {
  return `
\x1b[1m関西収益物件ナビ (demo) is running\x1b[0m  — ready in ${seconds} s
  site:   ${base}/
  admin:  ${base}${adminBase}/login
  member login: member@example.com / ${env.DEMO_MEMBER_PASSWORD}
  admin login:  admin@example.com / ${env.DEMO_ADMIN_PASSWORD}
  mail: ${mailDestination(env, cwd)}
Press Ctrl-C to stop web and worker.
`;
}
