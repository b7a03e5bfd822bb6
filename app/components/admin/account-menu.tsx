// The admin header's account menu (e-mail, account, users, activity log, sign out).
import { useRef } from "react";
import { Form, Link } from "react-router";
import { useDismissibleDetails } from "~/components/ui/use-dismissible-details";

/**
 * The signed-in user's menu: e-mail, 'My Account' (two-factor sign-in), the admins and the activity log,
 * and 'Sign Out'. A native <details> so it opens and signs out without JavaScript; with JavaScript it also
 * closes on Escape and on a click elsewhere.
 */
export function AccountMenu({ email }: { email: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissibleDetails(menu);

  return (
    <details className="account-menu" ref={menu}>
      <summary className="account-menu__trigger">
        <span className="account-menu__avatar" aria-hidden="true">
          {email.charAt(0).toUpperCase()}
        </span>
        <span className="visually-hidden">Account menu for </span>
        <span className="account-menu__trigger-email">{email}</span>
        <svg className="account-menu__chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </summary>
      <div className="account-menu__panel">
        <p className="account-menu__label">My Account</p>
        <p className="account-menu__email">{email}</p>
        <ul className="account-menu__links">
          <li>
            <Link to="/admin/account" className="account-menu__link">
              Account &amp; two-factor
            </Link>
          </li>
          <li>
            <Link to="/admin/users" className="account-menu__link">
              Users
            </Link>
          </li>
          <li>
            <Link to="/admin/activity" className="account-menu__link">
              Activity log
            </Link>
          </li>
        </ul>
        <hr className="account-menu__separator" />
        <Form method="post" action="/admin/logout" reloadDocument>
          <button type="submit" className="account-menu__item">
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
