import { Form } from "react-router";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";

/**
 * A public list's search (brands, blog): a labelled search box and its button, a GET form to the list's
 * own address that follows the typing with JavaScript and simply submits without it. Styled by
 * search-box.css, which the route links.
 */
export function SearchBox({
  action,
  q,
  id,
  label,
  placeholder,
  maxLength,
  replaceWhileTyping,
}: {
  action: string;
  q: string;
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  replaceWhileTyping?: boolean;
}) {
  const { inputRef, formProps } = useSearchAsYouType({ action, q, replaceWhileTyping });
  return (
    <Form method="get" action={action} role="search" className="search-box" {...formProps}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        className="search-box__input"
      />
      <button type="submit" className="button-link">
        Search
      </button>
    </Form>
  );
}
