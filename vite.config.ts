import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/** Preact (React's API, packages/react and packages/react-dom) and React Router: every page runs all of them. */
const FRAMEWORK = /[\\/](?:node_modules[\\/](?:preact|react-router)|packages[\\/](?:react|react-dom))[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(?:\?|$)/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** Whether the root route imports this module (directly or through others, statically): every page loads it. */
function loadedByRoot(id: string, graph: ModuleGraph, known: Map<string, boolean>): boolean {
  const cached = known.get(id);
  if (cached !== undefined) return cached;
  const seen = new Set([id]);
  const queue = [id];
  let found = false;
  while (queue.length > 0 && !found) {
    const current = queue.shift()!;
    found = ROOT_ROUTE.test(current) || known.get(current) === true;
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  known.set(id, found);
  return found;
}

const rootReach = new WeakMap<ModuleGraph, Map<string, boolean>>();

/**
 * Preact draws React's API here (packages/README.md), and React Fast Refresh needs React DOM: in development an
 * edit to the app's code reloads the page instead (the server renders the new code; the state is lost).
 */
const reloadOnEdit: Plugin = {
  name: "reload-on-edit",
  apply: "serve",
  hotUpdate({ file, modules }) {
    if (this.environment.name !== "client" || modules.length === 0 || !file.includes("/app/")) return;
    if (file.endsWith(".css")) return;
    this.environment.hot.send({ type: "full-reload" });
    return [];
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter(), reloadOnEdit],
  resolve: { tsconfigPaths: true, dedupe: ["preact"] },
  // The dev server pre-bundles dependencies; React's API packages are linked (packages/), which it would
  // leave out, so a dependency's "react" and ours could each get a Preact of their own. One bundle for all.
  optimizeDeps: {
    include: [
      "preact",
      "preact/compat",
      "preact/hooks",
      "preact/jsx-runtime",
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      // Found on other pages than the first one visited: listed, so that visit does not re-bundle and reload.
      "@radix-ui/themes",
      "@conform-to/react",
      "@conform-to/zod/v4",
      "embla-carousel-react",
      "embla-carousel-autoplay",
    ],
  },
  ssr: {
    // Native/wasm packages stay external in the server bundle. So do React's API packages (linked from packages/,
    // which Vite would otherwise bundle as source): one instance, shared with React Router and the rest.
    external: ["@electric-sql/pglite", "pg", "sharp", "nodemailer", "react", "react-dom"],
  },
  build: isSsrBuild
    ? {}
    : {
        rolldownOptions: {
          output: {
            // Fewer, larger chunks for what every page loads anyway: one for the framework and one for the
            // site's shell (header, footer, age gate, toasts and what they import) compress better than the
            // dozen small files the default splitting makes (about 6 KB gzip less on every page). What only
            // some pages use (forms, carousels, the admin) stays in chunks of its own.
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                {
                  name: (id, graph) => {
                    if (ROOT_ROUTE.test(id)) return null;
                    const known = rootReach.get(graph) ?? new Map<string, boolean>();
                    rootReach.set(graph, known);
                    return loadedByRoot(id, graph, known) ? "shell" : null;
                  },
                  priority: 10,
                },
              ],
            },
          },
        },
      },
}));
