import { Callout } from "@radix-ui/themes";

/** A form-wide message (e.g. "Invalid email or password"), announced when it appears. */
export function FormAlert({ id, messages }: { id?: string; messages: readonly string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <Callout.Root color="red" role="alert" id={id} variant="surface">
      <Callout.Text>{messages.join(" ")}</Callout.Text>
    </Callout.Root>
  );
}
