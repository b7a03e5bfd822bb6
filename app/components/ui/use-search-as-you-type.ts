import { type FormEvent, useEffect, useRef } from "react";
import { useSubmit } from "react-router";

export const SEARCH_DELAY_MS = 300;

/**
 * A GET search form that, with JavaScript, follows the typing after a short pause (other fields, such as a
 * filter select, apply at once) and keeps the box in step with ?q= on back/forward. It submits only the
 * form's non-empty fields, so an empty box is the plain list address and a new search starts on page 1.
 * Without JavaScript the form simply submits.
 */
export function useSearchAsYouType({
  action,
  q,
  replaceWhileTyping = true,
}: {
  action: string;
  q: string;
  /** Whether typing replaces the history entry (false: the first search gets its own entry). */
  replaceWhileTyping?: boolean;
}) {
  const submit = useSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(form: HTMLFormElement, replace: boolean) {
    clearTimeout(timer.current);
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) {
      const text = typeof value === "string" ? value.trim() : "";
      if (text) values[name] = text;
    }
    void submit(values, { method: "get", action, preventScrollReset: true, replace });
  }

  const formProps = {
    // Typing is an input event; a select or checkbox is a change event (a form's change is the DOM's event,
    // which a text box also fires on leaving it: that one is ignored, its typing was already followed).
    onInput(event: FormEvent<HTMLFormElement>) {
      if (event.target !== inputRef.current) return;
      const form = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => search(form, replaceWhileTyping), SEARCH_DELAY_MS);
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      if (event.target === inputRef.current) return;
      search(event.currentTarget, false);
    },
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      search(event.currentTarget, false);
    },
  };
  return { inputRef, formProps };
}
