import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's Chromium with the flags this closed network needs (ARCHITECTURE.md).
 * Playwright already gives every launch a fresh, empty user-data-dir.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const artifactsDir = path.resolve(import.meta.dirname, "../artifacts");
mkdirSync(artifactsDir, { recursive: true });

export const viewports = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
