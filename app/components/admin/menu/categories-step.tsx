import { Button, Text } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "react-router";
import { type ListReply } from "~/components/admin/admin-list-parts";
import { FormAlert } from "~/components/admin/form-alert";
import { CATALOG_CATEGORIES, type CategoryChoice, type ColumnMapping, SKIP_CATEGORY } from "~/lib/catalog";
import { type ImportUploadView, UploadSummary } from "./import-steps";
import { MappingFields } from "./review-step";

// Admin → Menu → Import, step 2 (the categories): each category value of the file matched to one of the menu's
// categories, or skipped. A value the menu knows word for word, or the owner chose before for this export, starts
// chosen; another starts from a guess; one without a guess must be chosen (a required select: the browser asks
// first, the server refuses it too). A plain form post, with or without JavaScript.

/** One category value of the file and the choice the form starts from. */
export interface CategoryRowView {
  value: string;
  choice: CategoryChoice | "";
  basis: "chosen" | "exact" | "guessed" | "none";
}

const BASIS_HINTS: Record<CategoryRowView["basis"], string> = {
  chosen: "As you chose before for this export.",
  exact: "The menu's own category.",
  guessed: "Guessed from its words: check it.",
  none: "No guess: choose a category, or skip these products.",
};

export function CategoriesStep({
  upload,
  mapping,
  mappingHref,
  rows,
  lastResult,
}: {
  upload: ImportUploadView;
  mapping: ColumnMapping;
  /** The columns again. */
  mappingHref: string;
  rows: CategoryRowView[];
  lastResult: ListReply | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "categories";
  const errors = lastResult?.result.error?.[""] ?? [];
  const toAnswer = rows.filter((row) => row.basis === "guessed" || row.basis === "none").length;
  return (
    <Form method="post" className="menu-import__form" aria-labelledby="menu-categories-title">
      <input type="hidden" name="upload" value={upload.id} />
      <MappingFields mapping={mapping} />
      <UploadSummary upload={upload} />
      <h2 id="menu-categories-title" className="menu-categories__title">
        Match the categories
      </h2>
      <Text as="p" color="gray" size="2">
        Your file names its categories its own way. Choose the menu's category for each
        {toAnswer > 0 ? ` (${toAnswer} to check)` : ""}, or skip a category to leave its products off the menu.
      </Text>
      <FormAlert id="menu-categories-errors" messages={errors} />
      <div className="menu-categories">
        {rows.map((row, index) => {
          const id = `menu-category-${index}`;
          const hintId = `${id}-hint`;
          return (
            <div key={row.value} className="menu-categories__row">
              <label htmlFor={id} className="menu-categories__value">
                {row.value}
              </label>
              <input type="hidden" name="categoryValue" value={row.value} />
              <select
                id={id}
                name="categoryChoice"
                defaultValue={row.choice}
                required
                aria-describedby={hintId}
                aria-invalid={errors.length > 0 && row.basis === "none" ? true : undefined}
                className="admin-select menu-mapping__select"
              >
                {row.choice === "" ? <option value="">— choose —</option> : null}
                {CATALOG_CATEGORIES.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.label}
                  </option>
                ))}
                <option value={SKIP_CATEGORY}>Skip: leave these products off the menu</option>
              </select>
              <span id={hintId} className="menu-categories__hint" data-basis={row.basis}>
                {BASIS_HINTS[row.basis]}
              </span>
            </div>
          );
        })}
      </div>
      <div className="menu-import__actions">
        <Button type="submit" name="intent" value="categories" size="3" disabled={busy}>
          {busy ? "Reading the file..." : "Show the changes"}
        </Button>
        <Button asChild variant="soft" size="3">
          <Link to={mappingHref}>Change the columns</Link>
        </Button>
        <Button type="submit" name="intent" value="cancel" formNoValidate variant="soft" color="gray" size="3">
          Cancel import
        </Button>
      </div>
    </Form>
  );
}
