import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs keep separate builds; the default is build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route module is known up front; the manifest is small.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
