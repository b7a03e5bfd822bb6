// Turning two-factor sign-in on, the step after 'Turn on': scan the QR code (or type the key) into an
// authenticator app, then confirm with the code it shows.
import type { SubmissionResult } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { ACCOUNT_PATH, groupSecret } from "~/lib/schemas/two-factor";
import { CodeForm } from "./code-form";
import { CopyButton } from "./copy-button";

export function Enrolment({
  heading,
  enrolment,
  result,
}: {
  heading: ReactNode;
  enrolment: { secret: string; qrSvg: string };
  result: SubmissionResult<string[]> | undefined;
}) {
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
          <CodeForm
            intent="confirm"
            result={result}
            action={ACCOUNT_PATH}
            intro={
              <Text as="p" size="3" weight="medium">
                Enter the 6-digit code the app shows.
              </Text>
            }
            submitLabel="Turn on two-factor sign-in"
            busyLabel="Checking..."
          />
        </li>
      </ol>
    </Flex>
  );
}
