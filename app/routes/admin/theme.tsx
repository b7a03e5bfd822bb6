import { Theme } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { ErrorPage } from "~/components/site/error-page";
import { Toaster } from "~/components/ui/toaster";
import { useRootData } from "~/components/ui/use-root-data";
import type { Route } from "./+types/theme";
import { HYDRATES } from "~/lib/route-handle";

/**
 * Radix Themes for the admin area only: every admin page (signed out or in) sits inside this layout, so the
 * public pages load neither its JavaScript nor its stylesheet (root.tsx links that on admin addresses).
 */
function AdminTheme({ children }: { children: React.ReactNode }) {
  return (
    <Theme accentColor="green" grayColor="sage" radius="medium" scaling="100%">
      {children}
    </Theme>
  );
}

// The whole admin hydrates: its lists, dialogs and editor are built on it.
export const handle = HYDRATES;

export default function AdminThemeLayout() {
  const toast = useRootData()?.toast ?? null;
  return (
    <AdminTheme>
      <Outlet />
      <Toaster toast={toast} />
    </AdminTheme>
  );
}

/** An admin page's error: the site's error page, inside the admin's theme as before. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminTheme>
      <ErrorPage error={error} />
    </AdminTheme>
  );
}
