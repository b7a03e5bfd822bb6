import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The layers of app/ (docs/decisions/2026-11-27-layers.md): each may import only the ones below it.
//   routes/ (and their .server.ts)  ->  services/  ->  models/  ->  server/ (infrastructure)  ->  lib/, content/
// An import upward, even of a type, fails the build: a lower layer that needs something from a higher one
// is a workflow in the wrong place.
const layer = (name) => [`~/${name}/*`, `**/${name}/*`, `~/${name}`];
function importsOnlyBelow(files, above, why) {
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: above.flatMap(layer), message: why }] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  importsOnlyBelow(
    ["app/lib/**", "app/content/**", "app/components/**"],
    ["server", "models", "services", "routes"],
    "lib/, content/ and components/ run in the browser too: pass server data in from a route's loader.",
  ),
  importsOnlyBelow(
    ["app/server/**"],
    ["models", "services", "routes", "components"],
    "app/server/ is infrastructure (database, mail transport, storage, logging): it knows no table's meaning. Move the code that needs a model into app/services/ or beside its route.",
  ),
  importsOnlyBelow(
    ["app/models/**"],
    ["services", "routes", "components"],
    "A model reads and writes its tables. A workflow (store, queue mail, log activity) belongs in app/services/ or the route's .server.ts, calling models downward.",
  ),
  importsOnlyBelow(
    ["app/services/**"],
    ["routes", "components"],
    "A service is called by routes, never the other way round: move the shared code down into the service.",
  ),
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
    },
  },
);
