// Admin → Users: the two-factor sign-in card, whether every admin must sign in with a code from an
// authenticator app, and the form that changes it.
import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "react-router";
import { ACCOUNT_PATH } from "~/lib/schemas/users";

export function TwoFactorPolicy({
  required,
  meHasTwoFactor,
  withoutTwoFactor,
  refusal,
}: {
  required: boolean;
  meHasTwoFactor: boolean;
  withoutTwoFactor: number;
  refusal: string | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "require-two-factor";
  return (
    <Card size="3" asChild>
      <section aria-labelledby="two-factor-heading" className="admin-users__policy">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Flex align="center" gap="3" wrap="wrap">
              <Heading as="h2" size="5" id="two-factor-heading">
                Two-factor sign-in
              </Heading>
              <Badge color={required ? "green" : "gray"} variant="soft" size="2">
                {required ? "Required" : "Optional"}
              </Badge>
            </Flex>
            <Text as="p" size="2" color="gray">
              {required
                ? "Every admin signs in with a code from an authenticator app as well as their password. Admins without two-factor sign-in are asked to set it up at their next page."
                : "Each admin decides for themselves on their account page whether to sign in with a code from an authenticator app as well as their password."}
            </Text>
            {required && withoutTwoFactor > 0 ? (
              <Text as="p" size="2">
                {withoutTwoFactor === 1 ? "1 admin has" : `${withoutTwoFactor} admins have`} not set it up yet.
              </Text>
            ) : null}
          </Flex>
          {refusal ? (
            <Callout.Root color="red" role="alert" variant="surface">
              <Callout.Text>
                {refusal}: <Link to={ACCOUNT_PATH}>set up two-factor sign-in</Link>.
              </Callout.Text>
            </Callout.Root>
          ) : !required && !meHasTwoFactor ? (
            <Text as="p" size="2" color="gray">
              To require it, first <Link to={ACCOUNT_PATH}>turn on two-factor sign-in for your own account</Link>.
            </Text>
          ) : null}
          <Form method="post" preventScrollReset className="admin-users__policy-form">
            <input type="hidden" name="intent" value="require-two-factor" />
            <label className="admin-checkbox" htmlFor="require-two-factor">
              {/* A saved change comes back as a new default: the key starts the box from it. */}
              <input
                key={String(required)}
                type="checkbox"
                id="require-two-factor"
                name="requireTwoFactor"
                defaultChecked={required}
              />
              Require two-factor sign-in for every admin
            </label>
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
          </Form>
        </Flex>
      </section>
    </Card>
  );
}
