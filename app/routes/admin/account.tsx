// /admin/account: the signed-in admin's own account (e-mail, password help) and two-factor sign-in.
import { Callout, Card, Flex, Heading } from "@radix-ui/themes";
import { Link, useActionData } from "react-router";
import type { Manage } from "~/components/admin/account/code-form";
import { TwoFactorSection } from "~/components/admin/account/two-factor-section";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { ACCOUNT_PATH, POLICY_REQUIRES_TWO_FACTOR_MESSAGE } from "~/lib/schemas/two-factor";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { signedInAdmin } from "~/services/auth.server";
import { twoFactorStatus } from "~/services/two-factor.server";
import accountStyles from "~/styles/admin-account.css?url";
import type { Route } from "./+types/account";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { accountAction, type AccountActionData } from "./account.server";

export const links: Route.LinksFunction = () => stylesheets(accountStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, ACCOUNT_PATH, "My Account", "Your sign-in: e-mail and two-factor sign-in.");

// The one admin page an admin without two-factor sign-in may open while the site requires it: here they set it up.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInAdmin(context);
  const [status, policy] = await Promise.all([twoFactorStatus(user.id), getSecurityPolicy()]);
  const manage = new URL(request.url).searchParams.get("manage");
  return {
    email: user.email,
    twoFactor: {
      enabled: status.enabled,
      recoveryCodesLeft: status.recoveryCodesLeft,
      enabledAt: status.enabledAt?.toISOString() ?? null,
    },
    required: policy.requireTwoFactor,
    manage: status.enabled && (manage === "disable" || manage === "regenerate") ? (manage as Manage) : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInAdmin(context);
  return accountAction(request, user);
}

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const { email, twoFactor, required } = loaderData;
  const actionData = useActionData<typeof action>() as AccountActionData | undefined;
  return (
    <Flex direction="column" gap="5" className="admin-account">
      <AdminPageHeader title="My Account" description="How you sign in to the admin area." />
      {required && !twoFactor.enabled ? (
        <Callout.Root color="amber" variant="surface" role="status" className="admin-account__policy">
          <Callout.Text>{POLICY_REQUIRES_TWO_FACTOR_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3" asChild>
        <section aria-labelledby="account-details">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="5" id="account-details">
              Account
            </Heading>
            <dl className="admin-account__facts">
              <div>
                <dt>Email</dt>
                <dd>{email}</dd>
              </div>
              <div>
                <dt>Password</dt>
                <dd>
                  To change it, sign out and use <Link to="/admin/reset">Forgot password?</Link> on the login page.
                </dd>
              </div>
            </dl>
          </Flex>
        </section>
      </Card>
      <Card size="3" asChild>
        <section aria-labelledby="two-factor" className="admin-account__two-factor">
          <TwoFactorSection email={email} twoFactor={twoFactor} manage={loaderData.manage} reply={actionData} />
        </section>
      </Card>
    </Flex>
  );
}
