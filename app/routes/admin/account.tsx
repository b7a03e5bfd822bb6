import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { useHydrated } from "~/components/admin/submission-list";
import { TwoFactorCodeField, useCodeClearedOnError } from "~/components/admin/two-factor-code-field";
import { showToast } from "~/components/ui/toaster";
import { useSite } from "~/components/ui/use-root-data";
import { formatLongDate } from "~/lib/dates";
import {
  ACCOUNT_PATH,
  groupSecret,
  POLICY_REQUIRES_TWO_FACTOR_MESSAGE,
  totpCodeSchema,
} from "~/lib/schemas/two-factor";
import { pageMeta } from "~/lib/seo";
import { getSecurityPolicy } from "~/models/site-settings.server";
import { signedInAdmin } from "~/server/auth.server";
import { twoFactorStatus } from "~/server/two-factor.server";
import accountStyles from "~/styles/admin-account.css?url";
import type { Route } from "./+types/account";
import { accountAction, type AccountActionData } from "./account.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "My Account",
    description: "Your sign-in: e-mail and two-factor sign-in.",
    path: ACCOUNT_PATH,
    noindex: true,
  });

type Manage = "disable" | "regenerate";

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

/** A form-wide error of the action's answer, as a toast too (with JavaScript). */
function useFormErrorToast(result: SubmissionResult<string[]> | undefined) {
  useEffect(() => {
    const message = result?.error?.[""]?.[0];
    if (message) showToast({ type: "error", message });
  }, [result]);
}

/**
 * A form of one field, a fresh code from the app ('confirm', 'disable', 'regenerate'): validated on submit,
 * not on blur (leaving the field for a link, Cancel or a recovery code, must not move that link); a refusal
 * is a toast and clears the code.
 */
function useCodeForm(intent: "confirm" | Manage, result: SubmissionResult<string[]> | undefined) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: `two-factor-${intent}`,
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpCodeSchema }),
  });
  useFormErrorToast(result);
  useCodeClearedOnError(fields.code.id, result);
  return { busy, form, fields };
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
          <TwoFactorSection loaderData={loaderData} actionData={actionData} />
        </section>
      </Card>
    </Flex>
  );
}

function TwoFactorSection({
  loaderData,
  actionData,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  actionData: AccountActionData | undefined;
}) {
  const { twoFactor } = loaderData;
  const heading = (
    <Flex align="center" gap="3" wrap="wrap">
      <Heading as="h2" size="5" id="two-factor">
        Two-factor sign-in
      </Heading>
      {twoFactor.enabled || actionData?.step === "codes" ? (
        <Badge color="green" size="2">
          On
        </Badge>
      ) : (
        <Badge color="gray" size="2">
          Off
        </Badge>
      )}
    </Flex>
  );
  if (actionData?.step === "codes") {
    return (
      <RecoveryCodes
        heading={heading}
        codes={actionData.recoveryCodes}
        email={loaderData.email}
        replaced={actionData.intent === "regenerate"}
      />
    );
  }
  if (actionData?.step === "enrol") {
    return <Enrolment heading={heading} enrolment={actionData.enrolment} result={actionData.result} />;
  }
  if (twoFactor.enabled) {
    const manage = actionData?.step === "manage" ? actionData.intent : loaderData.manage;
    return (
      <Flex direction="column" gap="4">
        {heading}
        <Text as="p" size="3">
          {twoFactor.enabledAt ? `On since ${formatLongDate(twoFactor.enabledAt)}. ` : null}
          You sign in with your password and a code from your authenticator app.
        </Text>
        <Text as="p" size="2" color={twoFactor.recoveryCodesLeft <= 3 ? "red" : "gray"}>
          {twoFactor.recoveryCodesLeft === 0
            ? "No recovery codes left: make new ones so you can still sign in if you lose your phone."
            : `${twoFactor.recoveryCodesLeft} recovery code${twoFactor.recoveryCodesLeft === 1 ? "" : "s"} left.`}
        </Text>
        {manage ? (
          <ManageForm
            key={manage}
            intent={manage}
            result={actionData?.step === "manage" ? actionData.result : undefined}
          />
        ) : (
          <Flex gap="3" wrap="wrap">
            <Button asChild variant="soft" size="2">
              <Link to={`${ACCOUNT_PATH}?manage=regenerate`}>New recovery codes</Link>
            </Button>
            <Button asChild variant="soft" color="red" size="2">
              <Link to={`${ACCOUNT_PATH}?manage=disable`}>Turn off</Link>
            </Button>
          </Flex>
        )}
      </Flex>
    );
  }
  return <TurnOn heading={heading} />;
}

function TurnOn({ heading }: { heading: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  return (
    <Flex direction="column" gap="4">
      {heading}
      <Text as="p" size="3">
        Sign in with a code from an authenticator app on your phone as well as your password, so a stolen password alone
        is not enough. Any app that shows 6-digit codes works: Google Authenticator, Microsoft Authenticator, 1Password,
        Authy…
      </Text>
      <Form method="post" action={ACCOUNT_PATH}>
        <input type="hidden" name="intent" value="start" />
        <Button type="submit" size="3" disabled={busy}>
          {busy ? "Starting..." : "Turn on"}
        </Button>
      </Form>
    </Flex>
  );
}

/** A JavaScript-only button that copies `text` (it is not rendered until the page has hydrated). */
function CopyButton({
  text,
  label,
  copied,
  size = "2",
}: {
  text: string;
  label: string;
  copied: string;
  size?: "2" | "3";
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ type: "success", message: copied });
    } catch {
      showToast({ type: "error", message: "Could not copy. Select the text and copy it instead." });
    }
  };
  return (
    <Button type="button" variant="soft" size={size} onClick={() => void copy()}>
      {label}
    </Button>
  );
}

function Enrolment({
  heading,
  enrolment,
  result,
}: {
  heading: React.ReactNode;
  enrolment: { secret: string; qrSvg: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { busy, form, fields } = useCodeForm("confirm", result);
  const grouped = groupSecret(enrolment.secret);
  return (
    <Flex direction="column" gap="4">
      {heading}
      <ol className="two-factor-steps">
        <li className="two-factor-steps__scan">
          <Flex direction="column" gap="2">
            <Text as="p" size="3" weight="medium">
              Scan this QR code with your authenticator app.
            </Text>
            <div
              className="two-factor-qr"
              // The SVG is made on the server by the qrcode library from the otpauth URI: no visitor input.
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
          </Flex>
        </li>
        <li>
          <Flex direction="column" gap="2">
            <Text as="p" size="3" weight="medium">
              Can&apos;t scan it? Type this key into the app instead.
            </Text>
            <Flex align="center" gap="3" wrap="wrap">
              <code className="two-factor-secret" aria-label="Setup key">
                {grouped}
              </code>
              <CopyButton text={enrolment.secret} label="Copy key" copied="Key copied" />
            </Flex>
            <Text as="p" size="1" color="gray">
              Choose a time-based key if the app asks. Spaces do not matter.
            </Text>
          </Flex>
        </li>
        <li>
          <Form method="post" action={ACCOUNT_PATH} {...getFormProps(form)} noValidate>
            <Flex direction="column" gap="3">
              <Text as="p" size="3" weight="medium">
                Enter the 6-digit code the app shows.
              </Text>
              <FormAlert id={form.errorId} messages={form.errors} />
              <input type="hidden" name="intent" value="confirm" />
              <div className="two-factor-code">
                <TwoFactorCodeField field={fields.code} label="Code from the app" />
              </div>
              <Flex gap="3" wrap="wrap" align="center">
                <Button type="submit" size="3" disabled={busy}>
                  {busy ? "Checking..." : "Turn on two-factor sign-in"}
                </Button>
                <Button asChild variant="ghost" size="3">
                  <Link to={ACCOUNT_PATH}>Cancel</Link>
                </Button>
              </Flex>
            </Flex>
          </Form>
        </li>
      </ol>
    </Flex>
  );
}

const MANAGE_TEXT: Record<Manage, { title: string; body: string; submit: string; busy: string }> = {
  disable: {
    title: "Turn off two-factor sign-in",
    body: "Enter a code from your authenticator app to confirm. Your recovery codes stop working, and you sign in with your password alone.",
    submit: "Turn off",
    busy: "Turning off...",
  },
  regenerate: {
    title: "Make new recovery codes",
    body: "Enter a code from your authenticator app to confirm. You get ten new codes, and the old ones stop working.",
    submit: "Make new codes",
    busy: "Making codes...",
  },
};

function ManageForm({ intent, result }: { intent: Manage; result: SubmissionResult<string[]> | undefined }) {
  const { busy, form, fields } = useCodeForm(intent, result);
  const text = MANAGE_TEXT[intent];
  return (
    <Form
      method="post"
      action={`${ACCOUNT_PATH}?manage=${intent}`}
      {...getFormProps(form)}
      noValidate
      className="two-factor-manage"
      aria-labelledby={`${form.id}-title`}
    >
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4" id={`${form.id}-title`}>
          {text.title}
        </Heading>
        <Text as="p" size="2" color="gray">
          {text.body}
        </Text>
        <FormAlert id={form.errorId} messages={form.errors} />
        <input type="hidden" name="intent" value={intent} />
        <div className="two-factor-code">
          <TwoFactorCodeField field={fields.code} label="Code from the app" autoFocus />
        </div>
        <Flex gap="3" wrap="wrap" align="center">
          <Button type="submit" size="3" color={intent === "disable" ? "red" : undefined} disabled={busy}>
            {busy ? text.busy : text.submit}
          </Button>
          <Button asChild variant="ghost" size="3">
            <Link to={ACCOUNT_PATH}>Cancel</Link>
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function RecoveryCodes({
  heading,
  codes,
  email,
  replaced,
}: {
  heading: React.ReactNode;
  codes: string[];
  email: string;
  replaced: boolean;
}) {
  const site = useSite();
  const file = [
    `${site.name}: admin recovery codes`,
    `Account: ${email}`,
    "",
    "Each code signs you in once, in place of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  const fileName = `${
    site.name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "admin"
  }-recovery-codes.txt`;
  return (
    <Flex direction="column" gap="4">
      {heading}
      <Callout.Root color="green" variant="surface" role="status">
        <Callout.Text>
          {replaced
            ? "New recovery codes are ready. Your old codes no longer work."
            : "Two-factor sign-in is on. From now on you sign in with your password and a code from the app."}
        </Callout.Text>
      </Callout.Root>
      <Flex direction="column" gap="2">
        <Heading as="h3" size="4">
          Save your recovery codes
        </Heading>
        <Text as="p" size="2">
          If you lose your phone, each code signs you in once. <strong>This is the only time they are shown:</strong>{" "}
          download them or write them down, and keep them somewhere safe.
        </Text>
      </Flex>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Flex gap="3" wrap="wrap" align="center">
        <Button asChild variant="soft" size="3">
          <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`} download={fileName}>
            Download
          </a>
        </Button>
        <CopyButton text={codes.join("\n")} label="Copy" copied="Recovery codes copied" size="3" />
        <Button asChild size="3">
          <Link to={ACCOUNT_PATH}>I have saved my codes</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
