// /admin/reset: asks for a password reset link by e-mail, then says to check the inbox (?sent=1).
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm, SubmitButton } from "~/components/admin/auth/auth-form";
import { useAuthForm } from "~/components/admin/auth/use-auth-form";
import { TextInputField } from "~/components/admin/text-input-field";
import { resetRequestSchema } from "~/lib/schemas/auth";
import { afterResponse } from "~/server/after-response.server";
import { tooManyAttemptsMessage } from "~/services/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { hitResetRequestLimit, requestPasswordReset } from "~/services/password-reset.server";
import { clientIp } from "~/services/rate-limit.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/reset";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => stylesheets(adminStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "/admin/reset", "Reset Password", "Request a link to reset the admin password.");

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  try {
    const limit = await hitResetRequestLimit(request);
    if (!limit.allowed) {
      return data(
        {
          result: submission.reply({ formErrors: [tooManyAttemptsMessage(limit.retryAfterSeconds, "reset requests")] }),
        },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    logger.error({ err: error }, "Password reset request failed");
    return data({ result: submission.reply({ formErrors: ["Failed to send reset link"] }) }, { status: 500 });
  }
  // Everything that depends on the address (the user lookup, its per-account limit, the token, the mail)
  // waits until this answer has been sent: neither the answer nor its timing may tell whether it has an account.
  const { email } = submission.value;
  const ip = clientIp(request);
  afterResponse(() => requestPasswordReset(email, new Date(), { ip }), "Password reset e-mail");
  return redirectWithSuccess("/admin/reset?sent=1", "Check your email for the reset link!");
}

export default function AdminResetRequest() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAuthForm("admin-reset", resetRequestSchema, actionData?.result);

  if (sent) {
    return (
      <AuthCard title="Check your email">
        <Text as="p" size="3" weight="medium">
          Check your email for the reset link!
        </Text>
        <Text as="p" color="gray" size="2">
          If an administrator account uses that address, we have sent it a link to choose a new password. The link works
          once, within one hour.
        </Text>
        <Flex direction="column" gap="3">
          <Button asChild size="3" variant="soft">
            <Link to="/admin/reset">Use Different Email</Link>
          </Button>
          <Button asChild size="3" variant="ghost">
            <Link to="/admin/login">Back to login</Link>
          </Button>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset Password"
      description="Enter your email address and we will send you a link to reset your password."
    >
      <AuthForm form={form}>
        <TextInputField field={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton label="Send Reset Link" busyLabel="Sending..." />
        <Text as="p" size="2" align="center">
          <Link to="/admin/login">Back to login</Link>
        </Text>
      </AuthForm>
    </AuthCard>
  );
}
