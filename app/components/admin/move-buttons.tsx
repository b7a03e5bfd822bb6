import { IconButton } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { MoveDirection } from "~/lib/admin-list";
import { ArrowDownIcon, ArrowUpIcon } from "./admin-icons";

interface MoveButtonsProps {
  id: string;
  /** The row's name, for the buttons' names ("Move Blue Dream up"). */
  name: string;
  /** First of the whole list: it cannot move up. */
  isFirst: boolean;
  /** Last of the whole list: it cannot move down. */
  isLast: boolean;
}

/**
 * 'Move up' and 'Move down' for a row of an ordered list: two small POST forms (intent=move-up/move-down)
 * that work without JavaScript. With it the page stays where it is, and focus stays on the button pressed
 * although its row changed places (or on the other one once the row reaches the end of the list).
 */
export function MoveButtons({ id, name, isFirst, isLast }: MoveButtonsProps) {
  const navigation = useNavigation();
  const group = useRef<HTMLDivElement>(null);
  const pressed = useRef<MoveDirection | null>(null);

  useEffect(() => {
    if (navigation.state !== "idle" || !pressed.current || !group.current) return;
    const direction = pressed.current;
    pressed.current = null;
    const wanted = group.current.querySelector<HTMLButtonElement>(`[data-move="${direction}"]:not(:disabled)`);
    const fallback = group.current.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)");
    const target = wanted ?? fallback;
    if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  }, [navigation.state, isFirst, isLast]);

  const button = (direction: MoveDirection, disabled: boolean) => (
    <Form method="post" preventScrollReset onSubmit={() => (pressed.current = direction)}>
      <input type="hidden" name="intent" value={`move-${direction}`} />
      <input type="hidden" name="id" value={id} />
      <IconButton
        type="submit"
        variant="soft"
        color="gray"
        size="2"
        disabled={disabled}
        aria-label={`Move ${name} ${direction}`}
        data-move={direction}
        className="admin-move__button"
      >
        {direction === "up" ? <ArrowUpIcon /> : <ArrowDownIcon />}
      </IconButton>
    </Form>
  );

  return (
    <div ref={group} className="admin-move" role="group" aria-label={`Order of ${name}`}>
      {button("up", isFirst)}
      {button("down", isLast)}
    </div>
  );
}
