import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

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
          paths: [
            {
              name: "zod",
              message: "Import { z } from '@/schemas/zod' so the Japanese message table applies.",
              allowTypeImports: true,
            },
          ],
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
    // The environment module validates developer-facing settings before anything else loads.
    files: ["src/server/env.ts", "src/schemas/zod.ts", "src/schemas/messages.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", URL: "readonly" } },
  },
);
