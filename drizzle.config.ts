import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL from the schema; scripts/migrate.ts applies it
// (so the same code path serves the app, the demo and every test database).
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
  strict: true,
  verbose: false,
});
