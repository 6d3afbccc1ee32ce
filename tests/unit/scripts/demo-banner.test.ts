import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain .mjs without types (it runs before npm install)
import { demoBanner, mailDestination } from "../../../scripts/lib/demo-banner.mjs";

/** Issue 30: the demo's banner said mail goes to data/outbox/ whatever MAIL_OUTBOX_DIR or SMTP_URL said. */
const root = "/srv/kir";
const banner = (env: Record<string, string | undefined>) =>
  demoBanner({
    base: "http://localhost:3000",
    adminBase: "/_kanri-7f3c",
    seconds: "9",
    env: { DEMO_MEMBER_PASSWORD: "m", DEMO_ADMIN_PASSWORD: "a", ...env },
    cwd: root,
  }) as string;

describe("npm run demo's banner", () => {
  it("names the configured outbox directory", () => {
    expect(banner({ MAIL_OUTBOX_DIR: "/var/mail/kir-outbox" })).toContain("mail: .eml files under /var/mail/kir-outbox/");
    expect(banner({ MAIL_OUTBOX_DIR: "./tmp/mails/" })).toContain("mail: .eml files under tmp/mails/");
    expect(banner({ MAIL_OUTBOX_DIR: "/var/mail/kir-outbox" })).not.toContain("data/outbox");
  });

  it("falls back to env.ts's default, data/outbox/", () => {
    expect(banner({})).toContain("mail: .eml files under data/outbox/");
    expect(banner({ MAIL_OUTBOX_DIR: "" })).toContain("mail: .eml files under data/outbox/");
  });

  it("says SMTP when SMTP_URL is set, without its credentials", () => {
    const text = mailDestination({ SMTP_URL: "smtp://user:secret@relay.example.com:587", MAIL_OUTBOX_DIR: "/x" }, root) as string;
    expect(text).toBe("sent through SMTP at relay.example.com:587");
    expect(banner({ SMTP_URL: "smtp://user:secret@relay.example.com:587" })).not.toMatch(/secret|outbox/);
  });

  it("is what demo.mjs prints (no directory written into the script itself)", () => {
    const demo = readFileSync(path.resolve(import.meta.dirname, "../../../scripts/demo.mjs"), "utf8");
    expect(demo).toContain("demoBanner(");
    expect(demo).not.toContain("data/outbox");
  });
});
