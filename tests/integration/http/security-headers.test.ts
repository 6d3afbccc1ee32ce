import { afterEach, describe, expect, it } from "vitest";
import { contentSecurityPolicy, nonceOf, securityHeaders } from "@/server/http/security-headers";
import { setTestEnv } from "../../helpers/accounts";

/** The policy's third-party origins follow the configuration; HSTS follows APP_URL (issue 16). */
let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe("security headers", () => {
  it("allows no third-party origin when nothing is configured", () => {
    restore = setTestEnv({ APP_URL: "http://localhost:3000", RECAPTCHA_SITE_KEY: undefined, GOOGLE_MAPS_API_KEY: undefined, ANALYTICS_ID: undefined });
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    expect(csp).not.toMatch(/google|gstatic/);
    expect(csp).toContain("frame-src 'none'");
    expect(securityHeaders("abc")["strict-transport-security"]).toBeUndefined();
    expect(nonceOf(csp)).toBe("abc");
  });

  it("adds each service's origins only when it is configured, and HSTS on https", () => {
    restore = setTestEnv({ APP_URL: "https://example.com", RECAPTCHA_SITE_KEY: "site-key", GOOGLE_MAPS_API_KEY: undefined, ANALYTICS_ID: undefined });
    let csp = contentSecurityPolicy("n");
    expect(csp).toContain("https://www.gstatic.com/recaptcha/");
    expect(csp).not.toContain("maps");
    expect(csp).not.toContain("googletagmanager");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(securityHeaders("n")["strict-transport-security"]).toMatch(/max-age=\d{8}/);
    restore();
    restore = setTestEnv({ APP_URL: "https://example.com", RECAPTCHA_SITE_KEY: undefined, GOOGLE_MAPS_API_KEY: "k", ANALYTICS_ID: "G-TEST1234" });
    csp = contentSecurityPolicy("n");
    expect(csp).toContain("frame-src https://www.google.com/maps/embed/");
    expect(csp).toContain("https://www.googletagmanager.com");
    expect(csp).not.toContain("recaptcha");
  });
});
