// /admin/reset/confirm: the page of a password reset link, where the admin chooses a new password.
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm } from "~/components/admin/auth/auth-form";
import { AuthRefusal } from "~/components/admin/auth/auth-refusal";
import { useAuthForm } from "~/components/admin/auth/use-auth-form";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { NEW_PASSWORD_FIELDS, resetConfirmSchema } from "~/lib/schemas/auth";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { readFormOrThrow } from "~/server/form-body.server";
import { completePasswordReset, isResetTokenUsable, usableResetTokenExpiry } from "~/services/password-reset.server";
import { clientIp } from "~/services/rate-limit.server";
import { clearSessionCookie } from "~/services/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/reset-confirm";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { clearResetToken, readResetToken, RESET_CONFIRM_PATH, storeResetToken } from "./reset-confirm.server";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => stylesheets(adminStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "/admin/reset/confirm", "Set New Password", "Choose a new admin password.");

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
    <AuthRefusal
      title="Set New Password"
      color="red"
      message="This password reset link is invalid, has expired or has already been used. Reset links work once, within one hour."
    >
      <Flex direction="column" gap="3">
        <Button asChild size="3">
          <Link to="/admin/reset">Request a new link</Link>
        </Button>
        <Button asChild size="3" variant="ghost">
          <Link to={ADMIN_LOGIN_PATH}>Back to login</Link>
        </Button>
      </Flex>
    </AuthRefusal>
  );
}

export default function AdminResetConfirm() {
  const { usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  const [form, fields] = useAuthForm("admin-reset-confirm", resetConfirmSchema, actionData?.result);

  if (!usable || actionData?.expired) return <InvalidLink />;

  return (
    <AuthCard title="Set New Password" description="Choose a new password for your admin account.">
      <AuthForm form={form}>
        <NewPasswordFields
          fields={fields}
          passwordLabel="New Password"
          submitLabel="Update Password"
          busyLabel="Updating..."
        />
      </AuthForm>
    </AuthCard>
  );
}
