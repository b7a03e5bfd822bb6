import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { FormAlert } from "~/components/admin/form-alert";
import { TwoFactorCodeField, useCodeClearedOnError } from "~/components/admin/two-factor-code-field";
import { showToast } from "~/components/ui/toaster";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import {
  INVALID_CODE_MESSAGE,
  recoveryCodeSchema,
  SIGN_IN_EXPIRED_MESSAGE,
  TWO_FACTOR_LOGIN_PATH,
  TWO_FACTOR_UNAVAILABLE_MESSAGE,
  totpCodeSchema,
} from "~/lib/schemas/two-factor";
import { pageMeta } from "~/lib/seo";
import { tooManyAttemptsMessage } from "~/server/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import {
  attemptTwoFactorSignIn,
  clearPendingTwoFactor,
  FEW_RECOVERY_CODES,
  pendingTwoFactorUser,
  type TwoFactorMethod,
} from "~/server/two-factor-login.server";
import accountStyles from "~/styles/admin-account.css?url";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/login-two-factor";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Two-Factor Sign-In",
    description: "Enter the code from your authenticator app to finish signing in.",
    path: TWO_FACTOR_LOGIN_PATH,
    noindex: true,
  });

/** Back to the password step, saying why, and forgetting the stale pending sign-in. */
async function signInExpired(request: Request): Promise<Response> {
  return redirectWithWarning(ADMIN_LOGIN_PATH, SIGN_IN_EXPIRED_MESSAGE, {
    headers: { "Set-Cookie": await clearPendingTwoFactor(request) },
  });
}

/** The code step exists only for five minutes after a right password (the signed pending cookie). */
export async function loader({ request }: Route.LoaderArgs) {
  if (!(await pendingTwoFactorUser(request))) throw await signInExpired(request);
  return { recovery: new URL(request.url).searchParams.get("recovery") === "1" };
}

const FIELD_OF: Record<TwoFactorMethod, "code" | "recoveryCode"> = { app: "code", recovery: "recoveryCode" };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const method: TwoFactorMethod = formData.get("method") === "recovery" ? "recovery" : "app";
  const field = FIELD_OF[method];
  const schema = method === "recovery" ? recoveryCodeSchema : totpCodeSchema;
  const submission = parseWithZod(formData, { schema });
  // A code is never sent back into the form: a wrong one is retyped, and a used one is worthless anyway.
  const hideFields = [field];
  if (submission.status !== "success") {
    return data({ method, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const code = "code" in submission.value ? submission.value.code : submission.value.recoveryCode;
  try {
    const outcome = await attemptTwoFactorSignIn(request, { method, code });
    switch (outcome.status) {
      case "expired":
        throw await signInExpired(request);
      case "rate-limited":
        return data(
          {
            method,
            result: submission.reply({
              formErrors: [tooManyAttemptsMessage(outcome.retryAfterSeconds, "code attempts")],
              hideFields,
            }),
          },
          { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
        );
      case "unavailable":
        return data(
          { method, result: submission.reply({ formErrors: [TWO_FACTOR_UNAVAILABLE_MESSAGE], hideFields }) },
          { status: 503 },
        );
      case "invalid":
        return data(
          { method, result: submission.reply({ fieldErrors: { [field]: [INVALID_CODE_MESSAGE] }, hideFields }) },
          { status: 401 },
        );
      case "signed-in": {
        const left = outcome.recoveryCodesLeft;
        const description =
          left !== null && left <= FEW_RECOVERY_CODES
            ? `${left === 0 ? "No" : left} recovery code${left === 1 ? "" : "s"} left. Make new ones on My Account.`
            : undefined;
        return redirectWithSuccess(
          outcome.redirectTo,
          { message: "Logged in successfully!", description },
          {
            headers: [
              ["Set-Cookie", outcome.setCookie],
              ["Set-Cookie", outcome.deviceCookie],
              ["Set-Cookie", await clearPendingTwoFactor(request)],
            ],
          },
        );
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error }, "Two-factor sign-in failed");
    return data(
      { method, result: submission.reply({ formErrors: ["Failed to sign in"], hideFields }) },
      { status: 500 },
    );
  }
}

export default function AdminLoginTwoFactor() {
  const { recovery } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const method: TwoFactorMethod = recovery ? "recovery" : "app";
  const schema = recovery ? recoveryCodeSchema : totpCodeSchema;

  const [form, fields] = useForm({
    // A new form (no stale errors) when switching between the app's code and a recovery code.
    id: `admin-two-factor-${method}`,
    lastResult: actionData?.method === method ? actionData.result : undefined,
    // Not on blur: leaving the one field for a link (Cancel, a recovery code) must not move that link.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [actionData]);

  const field = recovery ? fields.recoveryCode : fields.code;
  useCodeClearedOnError(field.id, actionData?.method === method ? actionData.result : undefined);
  const unavailable = form.errors?.includes(TWO_FACTOR_UNAVAILABLE_MESSAGE) ?? false;

  return (
    <AuthCard
      title="Two-Factor Sign-In"
      description={
        recovery
          ? "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once."
          : "Enter the 6-digit code from your authenticator app."
      }
    >
      <Form method="post" {...getFormProps(form)} noValidate>
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <input type="hidden" name="method" value={method} />
          <TwoFactorCodeField
            field={field}
            label={recovery ? "Recovery code" : "Authentication code"}
            recovery={recovery}
            autoFocus
          />
          <Button type="submit" size="3" disabled={busy}>
            {busy ? "Verifying..." : "Verify"}
          </Button>
        </Flex>
      </Form>
      <Flex direction="column" gap="2" align="center">
        <Text size="2" weight={unavailable ? "bold" : undefined}>
          {recovery ? (
            <Link to={TWO_FACTOR_LOGIN_PATH} className="auth-card__link">
              Use your authenticator app instead
            </Link>
          ) : (
            <Link to={`${TWO_FACTOR_LOGIN_PATH}?recovery=1`} className="auth-card__link">
              Use a recovery code instead
            </Link>
          )}
        </Text>
        <Text size="2">
          <Link to={ADMIN_LOGIN_PATH} className="auth-card__link">
            Back to login
          </Link>
        </Text>
      </Flex>
    </AuthCard>
  );
}
