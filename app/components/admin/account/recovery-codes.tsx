// Recovery codes, shown once (just after turning two-factor sign-in on, or after making new ones): the list,
// a download as a text file, and a copy button.
import { Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSite } from "~/components/ui/use-root-data";
import { ACCOUNT_PATH } from "~/lib/schemas/two-factor";
import { CopyButton } from "./copy-button";

/** The downloaded file: which site and account the codes are for, and how they are used. */
function recoveryCodesFile(siteName: string, email: string, codes: string[]) {
  const text = [
    `${siteName}: admin recovery codes`,
    `Account: ${email}`,
    "",
    "Each code signs you in once, in place of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  const slug =
    siteName
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "admin";
  return { href: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, name: `${slug}-recovery-codes.txt` };
}

export function RecoveryCodes({
  heading,
  codes,
  email,
  replaced,
}: {
  heading: ReactNode;
  codes: string[];
  email: string;
  /** New codes in place of old ones, rather than the first ones. */
  replaced: boolean;
}) {
  const site = useSite();
  const file = recoveryCodesFile(site.name, email, codes);
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
          <a href={file.href} download={file.name}>
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
