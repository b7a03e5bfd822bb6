// /admin/invite: the page of an invitation link, where the invited admin chooses a password and is signed in.
import { parseWithZod } from "@conform-to/zod/v4";
import { Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { AuthCard } from "~/components/admin/auth-card";
import { AuthForm } from "~/components/admin/auth/auth-form";
import { AuthRefusal } from "~/components/admin/auth/auth-refusal";
import { useAuthForm } from "~/components/admin/auth/use-auth-form";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { NEW_PASSWORD_FIELDS } from "~/lib/schemas/auth";
import { acceptInvitationSchema, INVITE_PATH, USER_MESSAGES } from "~/lib/schemas/users";
import { formatSubmittedAt } from "~/lib/submissions";
import { findUserByEmail } from "~/models/users.server";
import { readFormOrThrow } from "~/server/form-body.server";
import { acceptInvitationWithToken, usableInvitation } from "~/services/admin-invitations.server";
import { issueDeviceCookie } from "~/services/device-cookie.server";
import { clientIp } from "~/services/rate-limit.server";
import { getCurrentSession, startSession } from "~/services/session.server";
import adminStyles from "~/styles/admin.css?url";
import type { Route } from "./+types/invite";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { clearInviteToken, readInviteToken, storeInviteToken } from "./invite.server";
import { logger } from "~/server/logger.server";

export const links: Route.LinksFunction = () => stylesheets(adminStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, INVITE_PATH, "Set Up Your Admin Account", "Choose the password of your new admin account.");

const TITLE = "Set up your admin account";

type InviteState = "open" | "invalid" | "account-exists";

interface InvitePage {
  state: InviteState;
  email: string | null;
  expiresAt: Date | null;
  /** Someone is signed in in this browser (e.g. the inviter trying the link): the page says what happens. */
  signedInAs: string | null;
}

const STATUS: Record<InviteState, number> = { open: 200, invalid: 400, "account-exists": 409 };

async function invitePage(request: Request, token: string | null): Promise<InvitePage> {
  const invitation = await usableInvitation(token);
  if (!invitation) return { state: "invalid", email: null, expiresAt: null, signedInAs: null };
  if (await findUserByEmail(invitation.email)) {
    return { state: "account-exists", email: invitation.email, expiresAt: null, signedInAs: null };
  }
  const session = await getCurrentSession(request);
  return { state: "open", ...invitation, signedInAs: session?.user.email ?? null };
}

/**
 * Public (not behind the admin guard): the invitation link (?token=…) is checked and answered with a
 * redirect to this page's bare address that hands the token over in a cookie (see invite.server.ts), so the
 * token never stays in the address bar, history or a Referer.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const linkToken = new URL(request.url).searchParams.get("token");
  if (linkToken !== null) {
    const invitation = await usableInvitation(linkToken);
    if (!invitation) {
      return data<InvitePage>({ state: "invalid", email: null, expiresAt: null, signedInAs: null }, { status: 400 });
    }
    throw redirect(INVITE_PATH, {
      headers: { "Set-Cookie": await storeInviteToken(request, linkToken, invitation.expiresAt) },
    });
  }
  const page = await invitePage(request, await readInviteToken(request));
  return data(page, { status: STATUS[page.state] });
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormOrThrow(request);
  const submission = parseWithZod(formData, { schema: acceptInvitationSchema });
  const reply = (state: InviteState, formErrors?: string[]) =>
    data(
      { state, result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS, formErrors }) },
      { status: STATUS[state] || 400 },
    );
  const token = await readInviteToken(request);
  // The cookie is gone (expired with its invitation, or never set): the link has to be opened again.
  if (!token) return reply("invalid");
  if (submission.status !== "success")
    return data(
      { state: "open" as InviteState, result: submission.reply({ hideFields: NEW_PASSWORD_FIELDS }) },
      { status: 400 },
    );
  try {
    const accepted = await acceptInvitationWithToken(token, submission.value.password, { ip: clientIp(request) });
    if (accepted.status !== "created") return reply(accepted.status === "invalid" ? "invalid" : "account-exists");
    const { user } = accepted;
    // Signed in as the new account (this browser's previous session, if any, ends), like a sign-in.
    return redirectWithSuccess("/admin", USER_MESSAGES.welcome, {
      headers: [
        ["Set-Cookie", await startSession(request, user.id)],
        ["Set-Cookie", await issueDeviceCookie(request, user)],
        ["Set-Cookie", await clearInviteToken(request)],
      ],
    });
  } catch (error) {
    logger.error({ err: error }, "Accepting an invitation failed");
    return data(
      {
        state: "open" as InviteState,
        result: submission.reply({ formErrors: [USER_MESSAGES.acceptFailed], hideFields: NEW_PASSWORD_FIELDS }),
      },
      { status: 500 },
    );
  }
}

export default function AdminInvite() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  const [form, fields] = useAuthForm("admin-invite", acceptInvitationSchema, actionData?.result);

  const state = actionData && actionData.state !== "open" ? actionData.state : page.state;
  if (state !== "open" || !page.email) {
    const invalid = state !== "account-exists";
    return (
      <AuthRefusal
        title={TITLE}
        color={invalid ? "red" : "blue"}
        message={invalid ? USER_MESSAGES.invalidInvitation : USER_MESSAGES.accountExists}
      />
    );
  }

  return (
    <AuthCard
      title={TITLE}
      description={
        <>
          You have been invited to the admin as <strong className="admin-invite__email">{page.email}</strong>. Choose a
          password to finish.
        </>
      }
    >
      {page.signedInAs ? (
        <Callout.Root color="blue" variant="surface">
          <Callout.Text>
            You are signed in as {page.signedInAs}. Setting up this account signs you in as {page.email} in this browser
            instead.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <AuthForm form={form}>
        {/* The account's e-mail, for password managers to save with the new password. */}
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="invite-email" size="2" weight="medium">
            Email
          </Text>
          <TextField.Root id="invite-email" type="email" value={page.email} readOnly size="3" autoComplete="username" />
        </Flex>
        <NewPasswordFields
          fields={fields}
          note={page.expiresAt ? ` This invitation works until ${formatSubmittedAt(page.expiresAt)}.` : null}
          submitLabel="Create Account"
          busyLabel="Creating..."
        />
      </AuthForm>
    </AuthCard>
  );
}
