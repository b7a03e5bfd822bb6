// A signed-out admin page that cannot go on (an invalid or spent link, set-up already done): why, as an
// alert, and where to go instead.
import { Button, Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuthCard } from "~/components/admin/auth-card";
import { ADMIN_LOGIN_PATH } from "~/lib/admin-paths";

export function AuthRefusal({
  title,
  color,
  message,
  children,
}: {
  title: string;
  /** Red for a link that does not work, blue for a state that just says where to go. */
  color: "red" | "blue";
  message: ReactNode;
  /** Where to go instead; 'Go to login' unless given. */
  children?: ReactNode;
}) {
  return (
    <AuthCard title={title}>
      <Callout.Root color={color} role="alert" variant="surface">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      {children ?? (
        <Button asChild size="3">
          <Link to={ADMIN_LOGIN_PATH}>Go to login</Link>
        </Button>
      )}
    </AuthCard>
  );
}
