import { IconButton } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { PencilIcon, TrashIcon } from "./admin-icons";
import { MoveButtons } from "./move-buttons";

// The buttons on a row of an admin list (see admin-list-parts.tsx): move, edit, delete, each a link or a
// small form, so they work without JavaScript.

/** A row of an ordered list first or last of the whole list (not just this page): it moves no further that way. */
export interface ListEdges {
  isFirst?: boolean;
  isLast?: boolean;
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
 * A row's buttons in their order: move up / down (`move`, an ordered list's row with its place), edit, the
 * area's own (`children`), delete (see DeleteButton for `confirmMessage`). The area's markup wraps them.
 */
export function RowActions({
  id,
  name,
  editTo,
  move,
  confirmMessage,
  children,
}: {
  id: string;
  name: string;
  editTo: string;
  move?: ListEdges;
  confirmMessage?: string;
  children?: ReactNode;
}) {
  return (
    <>
      {move ? <MoveButtons id={id} name={name} isFirst={move.isFirst ?? false} isLast={move.isLast ?? false} /> : null}
      <EditLink to={editTo} name={name} />
      {children}
      <DeleteButton id={id} name={name} confirmMessage={confirmMessage} />
    </>
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
