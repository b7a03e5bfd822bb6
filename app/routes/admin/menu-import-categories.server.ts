import {
  type CategoryChoice,
  type CategoryMapping,
  categoryKey,
  type ColumnMapping,
  isCategoryChoice,
} from "~/lib/catalog";
import { exactCategory, guessCategory, readCategoryValues } from "~/services/catalog/pos-categories.server";

// Admin → Menu → Import, the categories of step 2 (issue 37): the file's category values matched to the menu's
// categories. The choices travel as pairs of fields, categoryValue and categoryChoice (a value may hold any
// character, so it is a field's value, never part of its name), in the forms and in the review's address.

export const CATEGORY_VALUE_FIELD = "categoryValue";
export const CATEGORY_CHOICE_FIELD = "categoryChoice";

/** The choices an address or a form names; a pair whose choice is empty or unknown is no choice. */
export function categoriesFrom(params: URLSearchParams | FormData): CategoryMapping {
  const values = params.getAll(CATEGORY_VALUE_FIELD);
  const choices = params.getAll(CATEGORY_CHOICE_FIELD);
  const categories: CategoryMapping = {};
  values.forEach((value, index) => {
    const choice = choices[index];
    if (typeof value === "string" && categoryKey(value) && isCategoryChoice(choice)) {
      categories[categoryKey(value)] = choice;
    }
  });
  return categories;
}

/** The choices as pairs of an address's parameters (each value by its key: the key is what they match on). */
export function appendCategoryParams(params: URLSearchParams, categories: CategoryMapping) {
  for (const [key, choice] of Object.entries(categories)) {
    params.append(CATEGORY_VALUE_FIELD, key);
    params.append(CATEGORY_CHOICE_FIELD, choice);
  }
}

/**
 * The owner's choices in `chosen` for the values of a file (a value the menu knows word for word needs none),
 * and the values left without an answer.
 */
export function choicesFor(values: readonly string[], chosen: CategoryMapping) {
  const categories: CategoryMapping = {};
  const missing: string[] = [];
  for (const value of values) {
    const choice = chosen[categoryKey(value)];
    if (choice) categories[categoryKey(value)] = choice;
    else if (!exactCategory(value)) missing.push(value);
  }
  return { categories, missing };
}

/** One value of the file as the categories form shows it. */
export interface CategoryRow {
  value: string;
  /** "" when the owner must choose. */
  choice: CategoryChoice | "";
  /** Where the choice comes from: the owner (now or last time), the menu's own word, a guess, or none. */
  basis: "chosen" | "exact" | "guessed" | "none";
}

/** Each category value of the file with the choice the form starts from. */
export function categoryRows(bytes: Uint8Array, mapping: ColumnMapping, chosen: CategoryMapping): CategoryRow[] {
  return readCategoryValues(bytes, mapping).map((value) => {
    const key = categoryKey(value);
    if (chosen[key]) return { value, choice: chosen[key], basis: "chosen" };
    const exact = exactCategory(value);
    if (exact) return { value, choice: exact, basis: "exact" };
    const guess = guessCategory(value);
    return guess ? { value, choice: guess, basis: "guessed" } : { value, choice: "", basis: "none" };
  });
}
