import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "drizzle/**",
      "test-results/**",
      "playwright-report/**",
      "bench/out/**",
      "next-env.d.ts",
    ],
  },
  {
    // Tests and their helpers are not React: a `use…` helper there (useFreshDatabase,
    // useDatabases) sets up a test file's fixtures, and the rules of hooks do not apply.
    files: ["**/*.test.ts", "test/**/*.ts", "e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
