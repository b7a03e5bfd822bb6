import type { ToastMessage } from "remix-toast";
import type { PublicSite } from "~/lib/site-settings";

/**
 * What the root loader (app/root.tsx) gives every page; useRootData() reads it. Declared here, below both, so
 * the hook need not import the root module that renders the components using it.
 */
export interface RootData {
  toast: ToastMessage | null;
  showAgeGate: boolean;
  /** The footer's Admin link is shown to any signed-in user. */
  isSignedIn: boolean;
  /** The business's live facts: the owner's settings, hours and each store's status right now. */
  site: PublicSite;
  publicUrl: string;
}
