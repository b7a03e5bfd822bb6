import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data (age gate, toast, menu configuration) from any component. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
