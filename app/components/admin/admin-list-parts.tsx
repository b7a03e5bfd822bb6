import { type DefaultValue, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Text } from "@radix-ui/themes";
import { type ReactNode, useEffect } from "react";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/ui/toaster";
import { useListLoading } from "~/components/ui/use-list-loading";
import { listHref } from "~/lib/admin-list";
import type { FormActionData } from "~/lib/form-result";
import { AdminDialog } from "./admin-dialog";
import { PlusIcon } from "./admin-icons";

// The client half of an admin area that is a list with dialogs in its address (see
// app/routes/admin/list-action.server.ts): what the page reads (useAdminList), the add link, the list's
// loading / empty / filled states, the dialog's buttons, the form set-up and the failure toast, the same in
// every area. A row's buttons are in row-actions.tsx; which dialog opens, and a form's, in list-dialogs.tsx.

/** The action's reply to a list's form when it does not redirect (the server's ListActionData). */
export type ListReply = FormActionData & { intent: string };

/** The action's failure as a toast (successes arrive as flash toasts after the redirect). */
export function useActionFailureToast(actionData: FormActionData | undefined) {
  useEffect(() => {
    if (actionData && actionData.outcome !== "success") {
      showToast({ type: "error", message: actionData.message, description: actionData.description });
    }
  }, [actionData]);
}

/** The action's reply for the open dialog's form (not a delete's), once the navigation is over. */
export function useDialogResult<T extends ListReply>(): T | undefined {
  const actionData = useActionData() as T | undefined;
  const navigation = useNavigation();
  return navigation.state === "idle" && actionData && actionData.intent !== "delete" ? actionData : undefined;
}

type ListHref = (search: string, changes: Record<string, string | null>) => string;

/**
 * What a list page reads on every render: its address (`href` for a link that changes the query, `closeTo`
 * for the list without a dialog), the action's reply (a failure shows as a toast; `lastResult` is
 * the new / edit dialog's), and whether the browser is loading another version of the list: a change of
 * `listParams` (search, filter, page) does, a dialog opening over the list does not.
 */
export function useAdminList(
  path: string,
  listParams: readonly string[],
  /** The list's address from a search (an area that drops more than the dialog's parameters has its own). */
  hrefOf: ListHref = (search, changes) => listHref(path, search, changes),
) {
  const { search } = useLocation();
  const actionData = useActionData() as ListReply | undefined;
  useActionFailureToast(actionData);
  const dialogResult = useDialogResult<ListReply>();
  const loading = useListLoading(path, listParams);
  return {
    href: (changes: Record<string, string | null>) => hrefOf(search, changes),
    closeTo: hrefOf(search, {}),
    actionData,
    lastResult: dialogResult?.intent === "create" || dialogResult?.intent === "update" ? dialogResult : undefined,
    loading,
  };
}

/**
 * conform's form with the admin's conventions: validated by the same schema as the server, first on blur
 * and then as the admin types; the server's reply (lastResult) shows its errors and keeps the values.
 */
type FormShape = Record<string, any>;

export function useAdminForm<Schema extends z.ZodType<FormShape, FormShape>>(
  schema: Schema,
  options: { id: string; lastResult: ListReply | undefined; defaultValue: DefaultValue<z.input<Schema>> },
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

/** Placeholder rows (three unless `count`): cards (a picture and two lines) or table rows (two lines). */
export function ListSkeleton({
  count = 3,
  variant,
  testId,
}: {
  count?: number;
  variant: "cards" | "rows";
  testId: string;
}) {
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

/**
 * The no-JavaScript confirmation of a delete (?confirm-delete=<id>), or of another destructive intent
 * (`intent`, with its `submitLabel`): the row's `name` above the buttons, or only the message for an intent
 * on no one row (no `id`, no `name`). The button is disabled while its own submission is under way.
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
  id?: string;
  name?: ReactNode;
  closeTo: string;
  intent?: string;
  submitLabel?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const form = (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
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
  );
  return (
    <AdminDialog title={title} closeTo={closeTo} description={message}>
      {name === undefined ? (
        form
      ) : (
        <Flex direction="column" gap="4">
          <Text as="p" weight="medium">
            {name}
          </Text>
          {form}
        </Flex>
      )}
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
