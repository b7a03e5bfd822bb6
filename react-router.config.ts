import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route module is known up front; the manifest is small.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
