// /admin/login: the admin's sign-in with e-mail and password (then the two-factor step, when it is on).
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm, SubmitButton } from "~/components/admin/auth/auth-form";
import { useAuthForm } from "~/components/admin/auth/use-auth-form";
import { TextInputField } from "~/components/admin/text-input-field";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { loginSchema } from "~/lib/schemas/auth";
import { TWO_FACTOR_LOGIN_PATH } from "~/lib/schemas/two-factor";
import { adminExists } from "~/models/users.server";
import { announceSetupLinkIfNeeded } from "~/services/admin-setup.server";
import { attemptSignIn, INVALID_CREDENTIALS_MESSAGE, isAdmin, tooManyAttemptsMessage } from "~/services/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { getCurrentSession } from "~/services/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/login";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => stylesheets(adminStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, ADMIN_LOGIN_PATH, "Admin Login", "Sign in to the website's admin area.");

const DEFAULT_DESTINATION = "/admin";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), DEFAULT_DESTINATION);
  const session = await getCurrentSession(request);
  // An admin who is already signed in goes where they were heading.
  if (session && (await isAdmin(session.user.id))) throw redirect(redirectTo);
  const setupPending = !(await adminExists());
  if (setupPending) await announceSetupLinkIfNeeded();
  return { redirectTo, signedInAs: session?.user.email ?? null, setupPending };
}

export async function action({ request }: Route.ActionArgs) {
  // The body is read once, within limits; remix-auth is handed the validated fields (see attemptSignIn).
  const formData = await readFormOrThrow(request);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const redirectTo = safeRedirectPath(submission.value.redirectTo, DEFAULT_DESTINATION);
  try {
    const { email, password } = submission.value;
    const outcome = await attemptSignIn(request, { email, password }, Date.now(), redirectTo);
    if (outcome.status === "rate-limited") {
      return data(
        {
          result: submission.reply({
            formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds)],
            hideFields: ["password"],
          }),
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
    if (outcome.status === "invalid") {
      return data(
        { result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE], hideFields: ["password"] }) },
        { status: 401 },
      );
    }
    // Two-factor sign-in on: no session yet; the code step remembers where the admin was going.
    if (outcome.status === "two-factor") {
      return redirect(TWO_FACTOR_LOGIN_PATH, { headers: { "Set-Cookie": outcome.setCookie } });
    }
    return redirectWithSuccess(redirectTo, "Logged in successfully!", {
      headers: [
        ["Set-Cookie", outcome.setCookie],
        ["Set-Cookie", outcome.deviceCookie],
      ],
    });
  } catch (error) {
    logger.error({ err: error }, "Sign-in failed");
    return data(
      { result: submission.reply({ formErrors: ["Failed to sign in"], hideFields: ["password"] }) },
      { status: 500 },
    );
  }
}

export default function AdminLogin() {
  const { redirectTo, signedInAs, setupPending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // With JavaScript, the server's answer is also a toast (the spec's login failure toast).
  const [form, fields] = useAuthForm("admin-login", loginSchema, actionData?.result);

  return (
    <AuthCard title="Admin Login" description="Sign in to manage the website.">
      {setupPending ? (
        <Callout.Root color="amber" variant="surface">
          <Callout.Text>
            No administrator account exists yet. Open the one-time setup link printed in the server&apos;s log to create
            one.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {signedInAs ? (
        <Callout.Root color="blue" variant="surface">
          <Callout.Text>
            You are signed in as {signedInAs}, which is not an administrator account. Sign in with an administrator
            account to continue.
          </Callout.Text>
          <Form method="post" action="/admin/logout" reloadDocument>
            <Button type="submit" variant="soft" size="1">
              Sign Out
            </Button>
          </Form>
        </Callout.Root>
      ) : null}
      <AuthForm form={form}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextInputField field={fields.email} label="Email" type="email" autoComplete="username" />
        <TextInputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <Flex justify="end">
          <Text size="2">
            <Link to="/admin/reset">Forgot password?</Link>
          </Text>
        </Flex>
        <SubmitButton label="Sign In" busyLabel="Signing in..." />
      </AuthForm>
    </AuthCard>
  );
}
