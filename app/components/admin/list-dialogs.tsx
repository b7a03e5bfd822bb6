import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Flex } from "@radix-ui/themes";
import { Fragment, type ReactNode } from "react";
import { Form } from "react-router";
import type { DialogState } from "~/lib/admin-list";
import { AdminDialog } from "./admin-dialog";
import { ConfirmDeleteDialog, DialogActions } from "./admin-list-parts";
import { FormAlert } from "./form-alert";

// The dialogs of an admin list (see admin-list-parts.tsx): which one the address opens over the list, and
// the shell of a dialog's form (its hidden fields, the form's error summary, Cancel and submit).

/**
 * The dialog the loader read from the address (`dialogFromUrl`): the row's new / edit form, or the
 * no-JavaScript confirmation of a delete. Without `confirmDelete` (an area that deletes at once) a
 * ?confirm-delete address opens nothing. Each row gets a fresh form, so one row's typing never shows in another's.
 */
export function ListDialogs<Row extends { id: string }>({
  dialog,
  closeTo,
  confirmDelete,
  form,
}: {
  dialog: DialogState<Row> | null;
  closeTo: string;
  confirmDelete?: { title: string; message: string; name: (row: Row) => ReactNode };
  /** The form's dialog for a row (edit) or for null (new). */
  form: (row: Row | null) => ReactNode;
}) {
  if (!dialog) return null;
  if (dialog.mode === "confirm-delete") {
    if (!confirmDelete) return null;
    return (
      <ConfirmDeleteDialog
        title={confirmDelete.title}
        message={confirmDelete.message}
        id={dialog.row.id}
        name={confirmDelete.name(dialog.row)}
        closeTo={closeTo}
      />
    );
  }
  const row = dialog.mode === "edit" ? dialog.row : null;
  return <Fragment key={row ? row.id : "new"}>{form(row)}</Fragment>;
}

/**
 * A dialog holding one form that posts to the list's action: `intent` (update with the row's `rowId`, else
 * create) and `id` as hidden fields, then `hidden`'s, the form's error summary, the fields (`children`),
 * and 'Cancel' with the submit button.
 */
export function FormDialog({
  title,
  description,
  size,
  closeTo,
  form,
  rowId,
  intent = rowId ? "update" : "create",
  hidden = {},
  action,
  multipart = false,
  className,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  description?: ReactNode;
  size?: "narrow" | "wide";
  closeTo: string;
  form: FormMetadata<any, string[]>;
  rowId?: string;
  intent?: string;
  hidden?: Record<string, string>;
  /** Where it posts; the page's own address by default. */
  action?: string;
  /** A form with a file field. */
  multipart?: boolean;
  className?: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <AdminDialog title={title} closeTo={closeTo} description={description} size={size}>
      <Form
        method="post"
        action={action}
        encType={multipart ? "multipart/form-data" : undefined}
        preventScrollReset
        {...getFormProps(form)}
        className={className}
      >
        <input type="hidden" name="intent" value={intent} />
        {rowId ? <input type="hidden" name="id" value={rowId} /> : null}
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          {children}
          <DialogActions closeTo={closeTo} label={submitLabel} busyLabel={busyLabel} />
        </Flex>
      </Form>
    </AdminDialog>
  );
}
