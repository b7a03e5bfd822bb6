import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Flex } from "@radix-ui/themes";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { FormAlert } from "~/components/admin/form-alert";
import { NewPasswordFields, useAuthForm } from "~/components/admin/new-password-fields";
import { TextInputField } from "~/components/admin/text-input-field";
import { NEW_PASSWORD_FIELDS, setupSchema } from "~/lib/schemas/auth";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";
import { pageMeta } from "~/lib/seo";
import { adminExists } from "~/models/users.server";
import { completeAdminSetup, isSetupTokenValid } from "~/server/admin-setup.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { linkTokenCookie } from "~/server/link-token-cookie.server";
import { clientIp } from "~/server/rate-limit.server";
import { startSession } from "~/server/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/setup";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Admin Setup",
    description: "Create the first administrator account.",
    path: "/admin/setup",
    noindex: true,
  });

const SETUP_PATH = "/admin/setup";
// The printed link's token moves into a cookie on first load (see link-token-cookie.server.ts). Path
// "/admin": with JavaScript the form posts to /admin/setup.data, which a "/admin/setup" cookie misses.
const setupToken = linkTokenCookie("admin_setup_token", "/admin");

type SetupState = "open" | "complete" | "invalid-link";

async function setupState(token: string | null | undefined): Promise<SetupState> {
  if (await adminExists()) return "complete";
  return isSetupTokenValid(token) ? "open" : "invalid-link";
}

export async function loader({ request }: Route.LoaderArgs) {
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken !== null) {
    if ((await setupState(linkToken)) === "open") {
      throw redirect(SETUP_PATH, { headers: { "Set-Cookie": await setupToken.store(request, linkToken) } });
    }
    return data({ state: await setupState(linkToken) }, { status: 403 });
  }
  const state = await setupState(await setupToken.read(request));
  return data({ state }, { status: state === "open" ? 200 : 403 });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const submission = parseWithZod(formData, { schema: setupSchema });
  const state = await setupState(await setupToken.read(request));
  if (state !== "open") return data({ state, result: null }, { status: 403 });
  if (submission.status !== "success") {
    return data({ state, result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS }) }, { status: 400 });
  }
  const created = await completeAdminSetup({ ...submission.value, ip: clientIp(request) });
  if (created.status === "admin-exists") return data({ state: "complete" as const, result: null }, { status: 403 });
  if (created.status === "email-taken") {
    return data(
      {
        state,
        result: submission.reply({
          fieldErrors: { email: ["An account with this email already exists"] },
          hideFields: NEW_PASSWORD_FIELDS,
        }),
      },
      { status: 400 },
    );
  }
  const headers = new Headers([
    ["Set-Cookie", await startSession(request, created.user.id)],
    ["Set-Cookie", await setupToken.clear(request)],
  ]);
  return redirectWithSuccess("/admin", "Administrator account created", { headers });
}

export default function AdminSetup() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = actionData?.state ?? loaderData.state;

  const [form, fields] = useAuthForm("admin-setup", setupSchema, actionData?.result);

  if (state !== "open") {
    return (
      <AuthCard title="Admin Setup">
        <Callout.Root color={state === "complete" ? "blue" : "red"} role="alert" variant="surface">
          <Callout.Text>
            {state === "complete"
              ? "Setup is complete: an administrator account already exists. Sign in instead."
              : "This setup link is invalid. Use the link printed in the server's log; it changes each time the server starts."}
          </Callout.Text>
        </Callout.Root>
        <Button asChild size="3">
          <Link to={ADMIN_LOGIN_PATH}>Go to login</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create the administrator account"
      description="No administrator exists yet. Choose the email address and password of the first one."
    >
      <Form method="post" {...getFormProps(form)} noValidate>
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <TextInputField field={fields.email} label="Email" type="email" autoComplete="username" />
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            submitLabel="Create Account"
            busyLabel="Creating..."
          />
        </Flex>
      </Form>
    </AuthCard>
  );
}
