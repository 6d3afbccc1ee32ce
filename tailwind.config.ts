import type { Config } from "tailwindcss";

// Tailwind 4 reads this file through `@config` in src/app/globals.css.
// The brand lives here: primary dark grey, gold, error red, Zen Kaku Gothic New.
const config: Config = {
  content: ["./src/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        primary: {
          DEFAULT: "#2b2b2b",
          foreground: "#ffffff",
          50: "#f6f6f6",
          100: "#e7e7e7",
          200: "#d1d1d1",
          300: "#b0b0b0",
          400: "#888888",
          500: "#6d6d6d",
          600: "#5d5d5d",
          700: "#4f4f4f",
          800: "#3d3d3d",
          900: "#2b2b2b",
          950: "#1a1a1a",
        },
        gold: {
          DEFAULT: "#b8932f",
          foreground: "#1a1a1a",
          50: "#fbf8ee",
          100: "#f4ecd0",
          200: "#e9d79e",
          300: "#dcbd66",
          400: "#cfa541",
          500: "#b8932f",
          600: "#9a7426",
          700: "#7b5622",
          800: "#674722",
          900: "#583c21",
        },
        error: {
          DEFAULT: "#c62828",
          foreground: "#ffffff",
          50: "#fdf2f2",
          100: "#fbe3e3",
          600: "#c62828",
          700: "#a51f1f",
        },
        border: "#e2e2e2",
        muted: { DEFAULT: "#f5f5f3", foreground: "#666666" },
      },
      fontFamily: {
        // --font-site: the fallback face until the page has loaded, then the subset web font (globals.css, src/app/fonts.ts).
        sans: ["var(--font-site)"],
      },
      transitionDuration: { overlay: "250ms" },
    },
  },
};

export default config;
