// The account page's two-factor sign-in card: off (with 'Turn on'), being set up, on (with its recovery
// codes left and the forms to turn it off or make new codes), or the recovery codes just made.
import type { SubmissionResult } from "@conform-to/react";
import { Badge, Button, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { ACCOUNT_PATH } from "~/lib/schemas/two-factor";
import { type Manage, ManageForm } from "./code-form";
import { Enrolment } from "./enrolment";
import { RecoveryCodes } from "./recovery-codes";

/** The account action's answer, as far as this card shows it (app/routes/admin/account.server.ts). */
export type TwoFactorReply =
  | { step: "enrol"; enrolment: { secret: string; qrSvg: string }; result?: SubmissionResult<string[]> }
  | { step: "codes"; intent: "confirm" | "regenerate"; recoveryCodes: string[] }
  | { step: "manage"; intent: Manage; result: SubmissionResult<string[]> };

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** ISO date, or null for an account that turned it on before the date was kept. */
  enabledAt: string | null;
}

export function TwoFactorSection({
  email,
  twoFactor,
  manage,
  reply,
}: {
  email: string;
  twoFactor: TwoFactorState;
  /** The form the address asks for (?manage=…); the action's answer to one wins. */
  manage: Manage | null;
  reply: TwoFactorReply | undefined;
}) {
  const heading = (
    <Flex align="center" gap="3" wrap="wrap">
      <Heading as="h2" size="5" id="two-factor">
        Two-factor sign-in
      </Heading>
      {twoFactor.enabled || reply?.step === "codes" ? (
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
  if (reply?.step === "codes") {
    return (
      <RecoveryCodes
        heading={heading}
        codes={reply.recoveryCodes}
        email={email}
        replaced={reply.intent === "regenerate"}
      />
    );
  }
  if (reply?.step === "enrol") {
    return <Enrolment heading={heading} enrolment={reply.enrolment} result={reply.result} />;
  }
  if (twoFactor.enabled) {
    return (
      <TwoFactorOn
        heading={heading}
        twoFactor={twoFactor}
        manage={reply?.step === "manage" ? reply.intent : manage}
        result={reply?.step === "manage" ? reply.result : undefined}
      />
    );
  }
  return <TurnOn heading={heading} />;
}

function TwoFactorOn({
  heading,
  twoFactor,
  manage,
  result,
}: {
  heading: ReactNode;
  twoFactor: TwoFactorState;
  manage: Manage | null;
  result: SubmissionResult<string[]> | undefined;
}) {
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
        <ManageForm key={manage} intent={manage} result={result} />
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

function TurnOn({ heading }: { heading: ReactNode }) {
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
