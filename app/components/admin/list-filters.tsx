import { Button, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { SearchIcon } from "./admin-icons";

// What narrows an admin list, in its address so it works without JavaScript: a row of filter links
// (stores, Upcoming / Past, Active / Expired…) and the search box.

export interface FilterLink {
  key: string;
  to: string;
  /** The filter the list shows now (aria-current). */
  current: boolean;
  children: ReactNode;
}

/** A named row of filter links, the current one marked. */
export function FilterNav({
  label,
  links,
  className = "admin-filters",
}: {
  label: string;
  links: FilterLink[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul>
        {links.map((link) => (
          <li key={link.key}>
            <Link
              to={link.to}
              className="admin-filters__link"
              aria-current={link.current ? "true" : undefined}
              preventScrollReset
            >
              {link.children}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The list's search box (?q=), following the typing with JavaScript. The list's other choices (a store tab,
 * a filter) travel as hidden fields, `keep`, with and without JavaScript; an empty one is left out.
 */
export function ListSearch({
  path,
  q,
  id,
  label,
  placeholder,
  maxLength,
  keep,
}: {
  path: string;
  q: string;
  id: string;
  /** The box's name, read out (the label is visually hidden). */
  label: string;
  placeholder: string;
  maxLength: number;
  keep: Record<string, string | null>;
}) {
  const { inputRef, formProps } = useSearchAsYouType({ action: path, q });
  return (
    <Form method="get" action={path} role="search" className="admin-search" {...formProps}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <TextField.Root
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        size="3"
        className="admin-search__input"
      >
        <TextField.Slot>
          <SearchIcon />
        </TextField.Slot>
      </TextField.Root>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <Button type="submit" variant="soft" size="3">
        Search
      </Button>
    </Form>
  );
}
