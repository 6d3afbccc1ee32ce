import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/*
 * Import boundaries of src/server (README "Layout"). Every folder of src/server
 * is a domain with an index.ts front door, except the transports (api: tRPC,
 * rest: the REST adapter, http: the web server and route glue) and the shared
 * infrastructure below; a new domain folder is covered without editing this.
 */
const ZOD = { name: "zod", message: "Import { z } from '@/schemas/zod' so the Japanese message table applies.", allowTypeImports: true };
const TRANSPORTS = ["api", "rest", "http"];
const INFRASTRUCTURE = [...TRANSPORTS, "db", "auth", "cache", "jobs", "mail", "redis", "request", "seed"];
const notDomain = INFRASTRUCTURE.join("|");
/** domain-free-of-transport: a domain (or the infrastructure it uses) knows nothing of tRPC, Next or the HTTP layer. */
const DOMAIN_FREE_OF_TRANSPORT = {
  group: ["@trpc/*", "next", "next/*", "@/trpc/*", "@/app/*", ...TRANSPORTS.flatMap((t) => [`@/server/${t}`, `@/server/${t}/*`])],
  message: "src/server domains are transport-free: throw AppError (@/server/errors) and let src/server/api, src/server/rest or src/server/http do the rest.",
};
/** domain-front-door: from outside src/server's domains, a domain is reached through its index.ts only. */
const DOMAIN_FRONT_DOOR = {
  regex: `^@/server/(?!(?:${notDomain})/)[^/]+/`,
  message: "Import a domain through its front door: '@/server/<domain>', not one of its files.",
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
    files: ["src/server/**/*.ts"],
    ignores: TRANSPORTS.map((t) => `src/server/${t}/**`),
    rules: { "no-restricted-imports": ["error", { paths: [ZOD], patterns: [DOMAIN_FREE_OF_TRANSPORT] }] },
  },
  {
    files: ["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/trpc/**/*.{ts,tsx}", "src/proxy.ts", ...TRANSPORTS.map((t) => `src/server/${t}/**/*.ts`), "worker/**/*.ts", "scripts/**/*.ts"],
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
