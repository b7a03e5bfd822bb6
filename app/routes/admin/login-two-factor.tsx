// /admin/login/two-factor: the sign-in's second step, a code from the authenticator app or a recovery code.
import { parseWithZod } from "@conform-to/zod/v4";
import { Flex, Text } from "@radix-ui/themes";
import { data, Link, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm, SubmitButton } from "~/components/admin/auth/auth-form";
import { TwoFactorCodeField, useCodeForm } from "~/components/admin/two-factor-code-field";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import {
  INVALID_CODE_MESSAGE,
  recoveryCodeSchema,
  SIGN_IN_EXPIRED_MESSAGE,
  TWO_FACTOR_LOGIN_PATH,
  TWO_FACTOR_UNAVAILABLE_MESSAGE,
  totpCodeSchema,
} from "~/lib/schemas/two-factor";
import { tooManyAttemptsMessage } from "~/services/auth.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { clearPendingTwoFactor, pendingTwoFactorUser } from "~/services/pending-two-factor.server";
import accountStyles from "~/styles/admin-account.css?url";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/login-two-factor";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { attemptTwoFactorSignIn, FEW_RECOVERY_CODES, type TwoFactorMethod } from "./login-two-factor.server";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => stylesheets(adminStyles, accountStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(
    matches,
    TWO_FACTOR_LOGIN_PATH,
    "Two-Factor Sign-In",
    "Enter the code from your authenticator app to finish signing in.",
  );

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
  const method: TwoFactorMethod = recovery ? "recovery" : "app";
  const [form, fields] = useCodeForm(
    // A new form (no stale errors) when switching between the app's code and a recovery code.
    `admin-two-factor-${method}`,
    recovery ? recoveryCodeSchema : totpCodeSchema,
    actionData?.method === method ? actionData.result : undefined,
    FIELD_OF[method],
  );
  const field = recovery ? fields.recoveryCode : fields.code;
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
      <AuthForm form={form}>
        <input type="hidden" name="method" value={method} />
        <TwoFactorCodeField
          field={field}
          label={recovery ? "Recovery code" : "Authentication code"}
          recovery={recovery}
          autoFocus
        />
        <SubmitButton label="Verify" busyLabel="Verifying..." />
      </AuthForm>
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
