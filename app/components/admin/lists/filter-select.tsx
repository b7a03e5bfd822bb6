// The select boxes of the admin lists: their options from value / label pairs, and the filter that sits in
// a list's search form (blog posts and inquiries by status).
export interface SelectOption {
  value: string;
  label: string;
}

/** The <option>s of a select, one for each choice. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return (
    <>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/**
 * A filter in a list's search form (a change submits the form, see SubmissionSearch): its label, then the
 * choices after one for everything (`allLabel`, the empty value).
 */
export function SearchFilter({
  id,
  label,
  name,
  value,
  allLabel,
  options,
}: {
  id: string;
  label: string;
  name: string;
  /** The filter in the address, null for everything. */
  value: string | null;
  allLabel: string;
  options: readonly SelectOption[];
}) {
  return (
    <div className="submission-search__filter">
      <label htmlFor={id} className="submission-search__filter-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        // A new address (back, 'Clear the search') starts the select from it again.
        key={value ?? ""}
        className="submission-input submission-select"
      >
        <option value="">{allLabel}</option>
        <SelectOptions options={options} />
      </select>
    </div>
  );
}
