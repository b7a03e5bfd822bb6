import { Link } from "react-router";
import { AccountMenu } from "./account-menu";

/**
 * The signed-in admin area: 'Admin Dashboard' header with the account menu, then the page. Without an
 * e-mail (an error page whose shell data did not load) the account menu is left out.
 */
export function AdminShell({ email, children }: { email?: string; children: React.ReactNode }) {
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-container admin-header__bar">
          <Link to="/admin" className="admin-header__title">
            Admin Dashboard
          </Link>
          <nav aria-label="Admin" className="admin-header__nav">
            {/* A full page load: the public site has its own header and footer. */}
            <a href="/" className="admin-header__site-link">
              View site
            </a>
            {email ? <AccountMenu email={email} /> : null}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        <div className="admin-container">{children}</div>
      </main>
    </div>
  );
}
