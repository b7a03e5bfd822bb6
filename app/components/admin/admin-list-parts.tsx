import { type DefaultValue, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/ui/toaster";
import type { FormActionData } from "~/lib/form-result";
import { AdminDialog } from "./admin-dialog";
import { PencilIcon, PlusIcon, TrashIcon } from "./admin-icons";

// The client half of an admin area that is a list with dialogs in its address (see
// app/server/admin-list-action.server.ts): the add link, the list's loading / empty / filled states, the
// row actions, the dialog's buttons, the form set-up and the failure toast, the same in every area.

type ListAction = FormActionData & { intent: string };

/** The action's failure as a toast (successes arrive as flash toasts after the redirect). */
export function useActionFailureToast(actionData: FormActionData | undefined) {
  useEffect(() => {
    if (actionData && actionData.outcome !== "success") {
      showToast({ type: "error", message: actionData.message, description: actionData.description });
    }
  }, [actionData]);
}

/** The action's reply for the open dialog's form (not a delete's), once the navigation is over. */
export function useDialogResult<T extends ListAction>(): T | undefined {
  const actionData = useActionData() as T | undefined;
  const navigation = useNavigation();
  return navigation.state === "idle" && actionData && actionData.intent !== "delete" ? actionData : undefined;
}

/**
 * conform's form with the admin's conventions: validated by the same schema as the server, first on blur
 * and then as the admin types; the server's reply (lastResult) shows its errors and keeps the values.
 */
type FormShape = Record<string, any>;

export function useAdminForm<Schema extends z.ZodType<FormShape, FormShape>>(
  schema: Schema,
  options: { id: string; lastResult: ListAction | undefined; defaultValue: DefaultValue<z.input<Schema>> },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult?.result,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(inputSchema(schema)),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The schema a form's fields are read with: a schema that ends in a whole-form `.transform()` (settings) is a
 * pipe whose input holds the fields, which is what the browser's constraints (required, maxLength) come from.
 */
function inputSchema(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: z.ZodType } } })._zod.def;
  return def.type === "pipe" && def.in ? inputSchema(def.in) : schema;
}

/** The page header's 'Add …' button: a link that opens the new-row dialog (works without JavaScript). */
export function AddLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Button asChild size="3">
      <Link to={to} preventScrollReset>
        <PlusIcon /> {children}
      </Link>
    </Button>
  );
}

/**
 * The list's three states: skeletons while the browser loads a new page or search (the server always sends
 * rows), a card with the empty message, or the rows.
 */
export function ListBody({
  loading,
  skeleton,
  isEmpty,
  emptyMessage,
  children,
}: {
  loading: boolean;
  skeleton: React.ReactNode;
  isEmpty: boolean;
  emptyMessage: React.ReactNode;
  children: React.ReactNode;
}) {
  if (loading) return <>{skeleton}</>;
  if (isEmpty) {
    return (
      <Card size="3" className="admin-empty">
        <Text as="p" align="center" color="gray">
          {emptyMessage}
        </Text>
      </Card>
    );
  }
  return <>{children}</>;
}

/** Placeholder rows: cards (a picture and two lines) or table rows (two lines). */
export function ListSkeleton({ count, variant, testId }: { count: number; variant: "cards" | "rows"; testId: string }) {
  if (variant === "rows") {
    return (
      <div className="admin-skeleton-table" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="admin-skeleton admin-skeleton__row" data-testid={testId}>
            <span className="admin-skeleton__line" />
            <span className="admin-skeleton__line admin-skeleton__line--short" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className="admin-brand-list" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Card size="2" className="admin-brand admin-skeleton" data-testid={testId}>
            <div className="admin-brand__logo admin-skeleton__block" />
            <div className="admin-skeleton__lines">
              <span className="admin-skeleton__line" />
              <span className="admin-skeleton__line admin-skeleton__line--short" />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** A row's 'Edit' button: a link that opens its dialog. */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <IconButton asChild variant="soft" size="2">
      <Link to={to} preventScrollReset aria-label={`Edit ${name}`}>
        <PencilIcon />
      </Link>
    </IconButton>
  );
}

/**
 * A row's 'Delete' button. With `confirmMessage` the browser asks first; without JavaScript the server
 * answers with a confirmation dialog (the action's `confirmDelete`). Without it, the delete is immediate.
 */
export function DeleteButton({ id, name, confirmMessage }: { id: string; name: string; confirmMessage?: string }) {
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (!confirmMessage) return;
        if (!window.confirm(confirmMessage)) {
          event.preventDefault();
          return;
        }
        const confirmed = event.currentTarget.elements.namedItem("confirmed");
        if (confirmed instanceof HTMLInputElement) confirmed.value = "yes";
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      {confirmMessage ? <input type="hidden" name="confirmed" value="" /> : null}
      <IconButton type="submit" variant="soft" color="red" size="2" aria-label={`Delete ${name}`}>
        <TrashIcon />
      </IconButton>
    </Form>
  );
}

/**
 * The no-JavaScript confirmation of a delete (?confirm-delete=<id>), or of another destructive intent
 * (`intent`, with its `submitLabel`). The button is disabled while its own submission is under way.
 */
export function ConfirmDeleteDialog({
  title,
  message,
  id,
  name,
  closeTo,
  intent = "delete",
  submitLabel = "Delete",
}: {
  title: string;
  message: string;
  id: string;
  name: ReactNode;
  closeTo: string;
  intent?: string;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <AdminDialog title={title} closeTo={closeTo} description={message}>
      <Flex direction="column" gap="4">
        <Text as="p" weight="medium">
          {name}
        </Text>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirmed" value="yes" />
          <Flex gap="3" justify="end" wrap="wrap" className="admin-dialog__actions">
            <Button asChild variant="soft" color="gray" size="3">
              {/* Focus starts on the safe choice, not on the destructive one. */}
              <Link to={closeTo} preventScrollReset data-autofocus>
                Cancel
              </Link>
            </Button>
            <Button type="submit" color="red" size="3" disabled={busy}>
              {submitLabel}
            </Button>
          </Flex>
        </Form>
      </Flex>
    </AdminDialog>
  );
}

/** A dialog form's 'Cancel' (a link back to the list) and submit button, which says what it is doing. */
export function DialogActions({ closeTo, label, busyLabel }: { closeTo: string; label: string; busyLabel: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") !== "delete";
  return (
    <Flex gap="3" justify="end" className="admin-dialog__actions">
      <Button asChild variant="soft" color="gray" size="3">
        <Link to={closeTo} preventScrollReset>
          Cancel
        </Link>
      </Button>
      <Button type="submit" size="3" disabled={submitting}>
        {submitting ? busyLabel : label}
      </Button>
    </Flex>
  );
}
