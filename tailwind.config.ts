import typography from "@tailwindcss/typography";
import type { Config } from "tailwindcss";
import defaultTheme from "tailwindcss/defaultTheme";
import plugin from "tailwindcss/plugin";
import { brandColors } from "./app/site.config";
import { monoFallback, sansFallback } from "./app/styles/font-fallbacks";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    // "lg" is the docs breakpoint: below 996 px the navbar and sidebar fold into the menu.
    screens: { sm: "640px", md: "768px", lg: "996px", xl: "1280px", "2xl": "1536px" },
    extend: {
      colors: {
        brand: {
          DEFAULT: brandColors.primary,
          strong: brandColors.primaryStrong,
          night: brandColors.darkBackground,
          footer: brandColors.footerBackground,
        },
      },
      fontFamily: {
        sans: [...sansFallback.families.map((name) => `"${name}"`), ...defaultTheme.fontFamily.sans],
        mono: [...monoFallback.families.map((name) => `"${name}"`), ...defaultTheme.fontFamily.mono],
      },
      maxWidth: { "8xl": "90rem" },
    },
  },
  plugins: [
    typography,
    // The metric-matched fallback faces the families above name (app/styles/font-fallbacks.ts).
    plugin(({ addBase }) =>
      addBase([...sansFallback.faces, ...monoFallback.faces].map((face) => ({ "@font-face": face }))),
    ),
  ],
} satisfies Config;
