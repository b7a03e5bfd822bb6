import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/** React, React DOM (with its scheduler) and React Router: every page that hydrates runs all of them. */
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(?:\?|$)/;
/**
 * What (nearly) every page's route module imports besides the root's: its meta tags, and the bands a public
 * page is made of (its sections). Loaded on every page anyway.
 */
const EVERY_PAGE = /[\\/]app[\\/](lib[\\/]seo\.ts|components[\\/]site[\\/]page-section\.tsx)$/;

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

export default defineConfig(({ isSsrBuild }) => ({
  // The browser's code and styles compressed once, at build (gzip and brotli beside each file), and sent as they
  // are (server/http-app.ts): before, every request for them was compressed again, the largest cost of a
  // visitor's first page on the server.
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [compression({ threshold: 1024, logLevel: "silent" })])],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WebAssembly packages stay external in the server bundle.
    external: ["@electric-sql/pglite", "pg", "sharp", "nodemailer"],
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
                    return EVERY_PAGE.test(id) || loadedByRoot(id, graph, known) ? "shell" : null;
                  },
                  priority: 10,
                },
              ],
            },
          },
        },
      },
}));
