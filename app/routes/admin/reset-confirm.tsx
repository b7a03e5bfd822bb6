import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { FormAlert } from "~/components/admin/form-alert";
import { TextInputField } from "~/components/admin/text-input-field";
import { showToast } from "~/components/ui/toaster";
import { resetConfirmSchema } from "~/lib/schemas/auth";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { pageMeta, titleWithSite } from "~/lib/seo";
import { completePasswordReset, isResetTokenUsable } from "~/server/password-reset.server";
import { clearSessionCookie } from "~/server/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/reset-confirm";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: titleWithSite("Set New Password"),
    description: "Choose a new admin password.",
    path: "/admin/reset/confirm",
    noindex: true,
  });

// The token is in this page's address: never send it anywhere in a Referer.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await isResetTokenUsable(token);
  return data({ token: usable ? token : "", usable }, { status: usable ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: resetConfirmSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), expired: false },
      {
        status: 400,
      },
    );
  }
  try {
    const updated = await completePasswordReset(submission.value.token, submission.value.password);
    if (!updated) {
      return data(
        { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), expired: true },
        {
          status: 400,
        },
      );
    }
  } catch (error) {
    console.error("Password update failed:", error);
    return data(
      {
        result: submission.reply({
          formErrors: ["Failed to update password"],
          hideFields: ["password", "confirmPassword"],
        }),
        expired: false,
      },
      { status: 500 },
    );
  }
  // Every session of the account has ended, this browser's included.
  return redirectWithSuccess(ADMIN_LOGIN_PATH, "Password updated successfully!", {
    headers: { "Set-Cookie": await clearSessionCookie(request) },
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
  const { token, usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [form, fields] = useForm({
    id: "admin-reset-confirm",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetConfirmSchema }),
  });

  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [actionData]);

  if (!usable || actionData?.expired) return <InvalidLink />;

  return (
    <AuthCard title="Set New Password" description="Choose a new password for your admin account.">
      <Form method="post" {...getFormProps(form)} noValidate>
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <input type="hidden" name="token" value={token} />
          <TextInputField field={fields.password} label="New Password" type="password" autoComplete="new-password" />
          <TextInputField
            field={fields.confirmPassword}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
          />
          <Text as="p" size="1" color="gray">
            At least 6 characters.
          </Text>
          <Button type="submit" size="3" disabled={busy}>
            {busy ? "Updating..." : "Update Password"}
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}
