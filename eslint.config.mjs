import { readdirSync } from "node:fs";
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/*
 * Import boundaries of src/server (README "Layout"). Every folder of src/server
 * is a domain with an index.ts front door, except the transports (api: tRPC,
 * rest: the REST adapter, http: the production web server, routes: the route
 * handlers' HTTP glue) and the shared
 * infrastructure below; a new domain folder is covered without editing this.
 */
const ZOD = { name: "zod", message: "Import { z } from '@/schemas/zod' so the Japanese message table applies.", allowTypeImports: true };
const TRANSPORTS = ["api", "rest", "http", "routes"];
/** Infrastructure under every domain: it never imports a domain (infrastructure-free-of-domains). */
const BELOW = ["db", "auth", "cache", "jobs", "mail", "redis", "request"];
const INFRASTRUCTURE = [...TRANSPORTS, ...BELOW];
/** Single-file modules at the root of src/server that any layer may import. */
const ROOT_MODULES = ["env", "errors", "logger"];
const notDomain = INFRASTRUCTURE.join("|");
/** The domain folders that exist now (each gets its own block below); a folder that does not exist yet falls under the general block. */
const DOMAINS = readdirSync(new URL("./src/server", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !INFRASTRUCTURE.includes(d.name))
  .map((d) => d.name);
/** domain-free-of-transport: a domain (or the infrastructure it uses) knows nothing of tRPC, Next or the HTTP layer. */
const DOMAIN_FREE_OF_TRANSPORT = {
  group: ["@trpc/*", "next", "next/*", "@/trpc/*", "@/app/*", ...TRANSPORTS.flatMap((t) => [`@/server/${t}`, `@/server/${t}/*`])],
  message: "src/server domains are transport-free: throw AppError (@/server/errors) and let src/server/api, src/server/rest or src/server/http do the rest.",
};
const FRONT_DOOR_MESSAGE = "Import a domain through its front door: '@/server/<domain>', not one of its files.";
/** domain-front-door: from outside a domain, it is reached through its index.ts only (`own`: the importing file's domain, free inside itself). */
const domainFrontDoor = (own) => ({
  regex: `^@/server/(?!(?:${[notDomain, ...(own ? [own] : [])].join("|")})/)[^/]+/`,
  message: FRONT_DOOR_MESSAGE,
});
const DOMAIN_FRONT_DOOR = domainFrontDoor(null);
/** infrastructure-free-of-domains: db, jobs, mail, cache, redis, request and auth sit under every domain and never import one. */
const INFRASTRUCTURE_FREE_OF_DOMAINS = {
  regex: `^@/server/(?!(?:${[...INFRASTRUCTURE, ...ROOT_MODULES].join("|")})(?:/|$))[^/]+`,
  message:
    "Infrastructure (db, jobs, mail, cache, redis, request, auth) never imports a domain: move the code down, or pass it in (a hook, as db/migrate.ts's data passes).",
};

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "next-env.d.ts", "tests/artifacts/**", "bench/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // React and Next rules apply to the app; tests and scripts are plain TypeScript.
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // Japanese text legitimately contains the full-width space (U+3000).
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true, skipComments: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          paths: [ZOD],
        },
      ],
    },
  },
  {
    files: ["src/lib/**", "src/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["@/server/*", "**/server/*"], message: "src/lib and src/schemas are isomorphic: no server imports." }],
          paths: [{ name: "zod", message: "Import { z } from '@/schemas/zod'.", allowTypeImports: true }],
        },
      ],
    },
  },
  {
    // Inside src/server too, another domain is reached through its front door (a domain not yet created included).
    files: ["src/server/**/*.ts"],
    ignores: TRANSPORTS.map((t) => `src/server/${t}/**`),
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns: [DOMAIN_FREE_OF_TRANSPORT, DOMAIN_FRONT_DOOR] }] },
  },
  ...DOMAINS.map((d) => ({
    files: [`src/server/${d}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns: [DOMAIN_FREE_OF_TRANSPORT, domainFrontDoor(d)] }] },
  })),
  {
    files: BELOW.map((b) => `src/server/${b}/**/*.ts`),
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns: [DOMAIN_FREE_OF_TRANSPORT, INFRASTRUCTURE_FREE_OF_DOMAINS] }] },
  },
  {
    files: [
      "src/app/**/*.{ts,tsx}",
      "src/components/**/*.{ts,tsx}",
      "src/trpc/**/*.{ts,tsx}",
      "src/proxy.ts",
      ...TRANSPORTS.map((t) => `src/server/${t}/**/*.ts`),
      "worker/**/*.ts",
      "scripts/**/*.ts",
      "src/seed/**/*.ts",
    ],
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns: [DOMAIN_FRONT_DOOR] }] },
  },
  {
    // The environment module validates developer-facing settings before anything else loads.
    files: ["src/server/env.ts", "src/schemas/zod.ts", "src/schemas/messages.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", URL: "readonly" } },
  },
);
