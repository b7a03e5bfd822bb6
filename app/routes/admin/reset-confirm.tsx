import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { FormAlert } from "~/components/admin/form-alert";
import { NewPasswordFields, useAuthForm } from "~/components/admin/new-password-fields";
import { NEW_PASSWORD_FIELDS, resetConfirmSchema } from "~/lib/schemas/auth";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { pageMeta } from "~/lib/seo";
import { readFormOrThrow } from "~/server/form-body.server";
import { completePasswordReset, isResetTokenUsable, usableResetTokenExpiry } from "~/server/password-reset.server";
import { clientIp } from "~/server/rate-limit.server";
import { clearSessionCookie } from "~/server/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/reset-confirm";
import { clearResetToken, readResetToken, RESET_CONFIRM_PATH, storeResetToken } from "./reset-confirm.server";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Set New Password",
    description: "Choose a new admin password.",
    path: "/admin/reset/confirm",
    noindex: true,
  });

/**
 * A reset link (?token=…) is checked and answered with a redirect to this page's bare address that hands
 * the token over in a cookie (see reset-confirm.server.ts): the token never stays in the address bar.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken !== null) {
    const expiresAt = await usableResetTokenExpiry(linkToken);
    if (!expiresAt) return data({ usable: false }, { status: 400 });
    throw redirect(RESET_CONFIRM_PATH, {
      headers: { "Set-Cookie": await storeResetToken(request, linkToken, expiresAt) },
    });
  }
  const usable = await isResetTokenUsable(await readResetToken(request));
  return data({ usable }, { status: usable ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const submission = parseWithZod(formData, { schema: resetConfirmSchema });
  const token = await readResetToken(request);
  // The cookie is gone (expired with its token, or never set): the link has to be opened again.
  if (!token)
    return data({ result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS }), expired: true }, { status: 400 });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS }), expired: false }, { status: 400 });
  }
  try {
    const updated = await completePasswordReset(token, submission.value.password, new Date(), {
      ip: clientIp(request),
    });
    if (!updated) {
      return data({ result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS }), expired: true }, { status: 400 });
    }
  } catch (error) {
    logger.error({ err: error }, "Password update failed");
    return data(
      {
        result: submission.reply({ formErrors: ["Failed to update password"], hideFields: NEW_PASSWORD_FIELDS }),
        expired: false,
      },
      { status: 500 },
    );
  }
  // Every session of the account has ended, this browser's included; the spent token is forgotten.
  return redirectWithSuccess(ADMIN_LOGIN_PATH, "Password updated successfully!", {
    headers: [
      ["Set-Cookie", await clearSessionCookie(request)],
      ["Set-Cookie", await clearResetToken(request)],
    ],
  });
}

function InvalidLink() {
  return (
    <AuthCard title="Set New Password">
      <Callout.Root color="red" role="alert" variant="surface">
        <Callout.Text>
          This password reset link is invalid, has expired or has already been used. Reset links work once, within one
          hour.
        </Callout.Text>
      </Callout.Root>
      <Flex direction="column" gap="3">
        <Button asChild size="3">
          <Link to="/admin/reset">Request a new link</Link>
        </Button>
        <Button asChild size="3" variant="ghost">
          <Link to={ADMIN_LOGIN_PATH}>Back to login</Link>
        </Button>
      </Flex>
    </AuthCard>
  );
}

export default function AdminResetConfirm() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  const [form, fields] = useAuthForm("admin-reset-confirm", resetConfirmSchema, actionData?.result);

  if (!usable || actionData?.expired) return <InvalidLink />;

  return (
    <AuthCard title="Set New Password" description="Choose a new password for your admin account.">
      <Form method="post" {...getFormProps(form)} noValidate>
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            passwordLabel="New Password"
            submitLabel="Update Password"
            busyLabel="Updating..."
          />
        </Flex>
      </Form>
    </AuthCard>
  );
}
