import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { FormAlert } from "~/components/admin/form-alert";
import { TextInputField } from "~/components/admin/text-input-field";
import { showToast } from "~/components/ui/toaster";
import { resetRequestSchema } from "~/lib/schemas/auth";
import { pageMeta } from "~/lib/seo";
import { afterResponse } from "~/server/after-response.server";
import { tooManyAttemptsMessage } from "~/server/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { hitResetRequestLimit, requestPasswordReset } from "~/server/password-reset.server";
import { clientIp } from "~/server/rate-limit.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/reset";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Reset Password",
    description: "Request a link to reset the admin password.",
    path: "/admin/reset",
    noindex: true,
  });

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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [form, fields] = useForm({
    id: "admin-reset",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });

  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [actionData]);

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
      <Form method="post" {...getFormProps(form)} noValidate>
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <TextInputField field={fields.email} label="Email" type="email" autoComplete="email" />
          <Button type="submit" size="3" disabled={busy}>
            {busy ? "Sending..." : "Send Reset Link"}
          </Button>
          <Text as="p" size="2" align="center">
            <Link to="/admin/login">Back to login</Link>
          </Text>
        </Flex>
      </Form>
    </AuthCard>
  );
}
