import { Theme } from "@radix-ui/themes";
import { Outlet } from "react-router";
import { ErrorMessage, GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { Toaster } from "~/components/ui/toaster";
import { useRootData } from "~/components/ui/use-root-data";
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

/**
 * An error on a signed-out admin page (sign-in, reset, setup, the invitation): the admin's look, without the
 * signed-in shell; an error inside the shell is the admin layout's (routes/admin/layout.tsx).
 */
export function ErrorBoundary() {
  return (
    <AdminTheme>
      <GeneralErrorBoundary
        defaultStatusHandler={(details) => (
          <>
            <title>{`${details.copy.title} | Admin`}</title>
            <meta name="robots" content="noindex" />
            <main id="main" className="admin-error admin-error--signed-out">
              <ErrorMessage details={details} href="/admin/login" linkLabel="Go to sign in" />
            </main>
          </>
        )}
      />
    </AdminTheme>
  );
}
