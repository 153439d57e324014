import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/*
 * The import rules of docs/architecture.md#import-rules. Each list is a room's layer, lowest
 * first: a room may import the rooms of the layers below it, never one above (checked on the
 * resolved path, so `@/…` and relative imports alike). Rooms in one layer do not import each other.
 */
const LIB_LAYERS = [
  ["lib/domain.ts"],
  ["lib/validation"],
  ["lib/env.ts", "lib/http", "lib/security-headers.ts", "lib/background.ts"],
  ["models"],
  ["lib/db"],
  ["lib/storage"],
  ["lib/uploads"],
  ["lib/supabase"],
  ["lib/data"],
  ["lib/cache.ts"],
  ["lib/auth-service"],
  ["lib/auth"],
  ["lib/site"],
  ["lib/trash"],
  ["lib/backup"],
  ["lib/api"],
  ["lib/startup"],
];
const COMPONENT_LAYERS = [
  ["components/ui"],
  ["components/forms"],
  ["components/auth"],
  ["components/owner"],
  ["components/layout"],
  ["components/gallery"],
  ["components/sections"],
  ["components/dashboard"],
];

/** No room imports a room of a higher layer. */
const upwardZones = (layers) =>
  layers.flatMap((layer, index) =>
    layer.map((room) => ({
      target: `./${room}`,
      from: layers.slice(index + 1).flatMap((above) => above.map((other) => `./${other}`)),
      message: `${room} imports only the layers below it (docs/architecture.md#import-rules).`,
    })),
  );

/** What the server alone may load: the database, the API, the auth service, jobs. */
const SERVER_ROOMS = [
  "lib/api",
  "lib/auth-service",
  "lib/backup",
  "lib/cache.ts",
  "lib/db",
  "lib/env.ts",
  "lib/startup",
  "lib/storage",
  "lib/trash",
  "lib/uploads",
  "models",
];

const ZONES = [
  ...upwardZones(LIB_LAYERS),
  ...upwardZones(COMPONENT_LAYERS),
  { target: "./lib", from: ["./app", "./components"], message: "lib/ holds no React or routes." },
  {
    target: ["./app", "./components", "./lib", "./models", "./proxy.ts", "./instrumentation.ts"],
    from: ["./bench", "./e2e", "./reliability", "./scripts", "./test"],
    message: "Product code does not import the bench, tests or command-line tools.",
  },
  {
    target: "./models",
    from: "./lib",
    except: ["./domain.ts"],
    message: "models/ imports only drizzle-orm and lib/domain.ts.",
  },
  {
    target: "./components",
    from: SERVER_ROOMS.map((room) => `./${room}`),
    message: "Components read data through lib/site, lib/data or lib/client.",
  },
  {
    // The browser's API calls: the rules and the JSON shapes (types) only.
    target: "./lib/client",
    from: "./lib",
    except: ["./client", "./domain.ts", "./validation", "./data/serialize.ts"],
    message:
      "lib/client runs in the browser: lib/domain, lib/validation and lib/data/serialize.ts (types) only.",
  },
  {
    target: "./proxy.ts",
    from: [
      "./lib/api",
      "./lib/auth-service",
      "./lib/backup",
      "./lib/data",
      "./lib/startup",
      "./lib/storage",
      "./lib/trash",
      "./lib/uploads",
      "./models",
    ],
    message: "The proxy runs before every page: no data, API or storage code.",
  },
  {
    // Loaded by plain Node.js (type stripping): nothing server-only, nothing that needs a bundler.
    target: "./next.config.ts",
    from: "./lib",
    except: [
      "./domain.ts",
      "./security-headers.ts",
      "./site/gallery-pages.ts",
      "./site/image-widths.ts",
      "./site/routing-rules.ts",
    ],
    message: "next.config.ts loads only the routing rules, image widths and security headers.",
  },
  {
    target: ["./app/!(api)/**", "./app/*.ts", "./app/*.tsx", "./components", "./proxy.ts"],
    from: "./lib/api",
    message: "lib/api serves the route handlers of app/api only.",
  },
];

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
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: ["**/*.test.ts", "**/*.test.mts", "test/**", "e2e/**", "bench/**", "reliability/**"],
    // Dependencies are not parsed for cycles (PGlite's bundle overflows the parser's stack).
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      "import/no-restricted-paths": ["error", { zones: ZONES }],
      // A cycle between modules (value imports, static or dynamic) fails too.
      "import/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["lib/domain.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["*"] }] },
  },
  {
    // The rules run in the browser's forms too: zod and lib/domain.ts only.
    files: ["lib/validation/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!zod$|\\./|@/lib/domain$)",
              message: "lib/validation imports only zod and lib/domain.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers are not React: a `use…` helper there (useFreshDatabase,
    // useDatabases) sets up a test file's fixtures, and the rules of hooks do not apply.
    files: ["**/*.test.ts", "test/**/*.ts", "e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
