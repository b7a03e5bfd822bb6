// /admin/setup: the first administrator account, created through the one-time link printed in the server's log.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm } from "~/components/admin/auth/auth-form";
import { AuthRefusal } from "~/components/admin/auth/auth-refusal";
import { useAuthForm } from "~/components/admin/auth/use-auth-form";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { TextInputField } from "~/components/admin/text-input-field";
import { NEW_PASSWORD_FIELDS, setupSchema } from "~/lib/schemas/auth";
import { adminExists } from "~/models/users.server";
import { completeAdminSetup, isSetupTokenValid } from "~/services/admin-setup.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { linkTokenCookie } from "~/server/link-token-cookie.server";
import { clientIp } from "~/services/rate-limit.server";
import { startSession } from "~/services/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/setup";
import { adminPageMeta, stylesheets } from "./admin-page-head";

export const links: Route.LinksFunction = () => stylesheets(adminStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, "/admin/setup", "Admin Setup", "Create the first administrator account.");

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
      <AuthRefusal
        title="Admin Setup"
        color={state === "complete" ? "blue" : "red"}
        message={
          state === "complete"
            ? "Setup is complete: an administrator account already exists. Sign in instead."
            : "This setup link is invalid. Use the link printed in the server's log; it changes each time the server starts."
        }
      />
    );
  }

  return (
    <AuthCard
      title="Create the administrator account"
      description="No administrator exists yet. Choose the email address and password of the first one."
    >
      <AuthForm form={form}>
        <TextInputField field={fields.email} label="Email" type="email" autoComplete="username" />
        <NewPasswordFields fields={fields} submitLabel="Create Account" busyLabel="Creating..." />
      </AuthForm>
    </AuthCard>
  );
}
