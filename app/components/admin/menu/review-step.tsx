import { Button, Callout, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/admin/form-alert";
import { CATALOG_FIELDS, type CategoryMapping, type ColumnMapping } from "~/lib/catalog";
import { type ImportUploadView, UploadSummary } from "./import-steps";

// Admin → Menu → Import, step 3: what applying the file changes — new, changed (which fields) and no longer
// listed — before anything does; products the owner edited by hand that the file no longer lists are kept
// unless they tick the box; descriptions with advertising findings are listed to edit. Or the row that
// stops the file, and nothing changes.

export interface ImportReport {
  /** Products in the file. */
  products: number;
  /** Rows left out: the owner skips their category. */
  skippedRows: number;
  added: { count: number; names: string[] };
  changed: { count: number; items: { name: string; fields: string[] }[] };
  /** No longer in the file, and not edited by hand: taken off the menu. */
  removed: { count: number; names: string[] };
  /** No longer in the file but edited by hand: kept unless the owner ticks the box. */
  removedEdited: { count: number; items: { id: string; name: string }[] };
  /** Descriptions with advertising findings, each with the list filtered to it (to edit it). */
  adFindings: { count: number; items: { row: number; name: string; words: string[]; editHref: string }[] };
  /** No product has come from this export's name yet (said when other exports have). */
  isNewSource: boolean;
  otherExportNames: string[];
}

const products = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}`;

/** One list of the report: its heading with the count, the entries shown, and how many more there are. */
function ReportSection({
  id,
  title,
  count,
  shown,
  note,
  children,
}: {
  id: string;
  title: string;
  count: number;
  shown: number;
  note?: ReactNode;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section className="menu-report__section" aria-labelledby={id}>
      <Heading as="h3" size="3" id={id}>
        {title} <span className="menu-report__count">({count.toLocaleString("en-US")})</span>
      </Heading>
      {note ? (
        <Text as="p" size="2" color="gray">
          {note}
        </Text>
      ) : null}
      <ul className="menu-report__list">{children}</ul>
      {count > shown ? (
        <Text as="p" size="2" color="gray">
          …and {(count - shown).toLocaleString("en-US")} more.
        </Text>
      ) : null}
    </section>
  );
}

/** The mapping (and the category choices) as hidden fields, so Apply reads the file exactly as the page shows it. */
export function MappingFields({ mapping, categories = {} }: { mapping: ColumnMapping; categories?: CategoryMapping }) {
  return (
    <>
      {CATALOG_FIELDS.map((field) => (
        <input key={field.key} type="hidden" name={`mapping.${field.key}`} value={mapping[field.key] ?? ""} />
      ))}
      {Object.entries(categories).map(([value, choice]) => (
        <span key={value} hidden>
          <input type="hidden" name="categoryValue" value={value} />
          <input type="hidden" name="categoryChoice" value={choice} />
        </span>
      ))}
    </>
  );
}

export function ReviewStep({
  upload,
  mapping,
  categories,
  mappingHref,
  categoriesHref,
  report,
  refusal,
}: {
  upload: ImportUploadView;
  mapping: ColumnMapping;
  /** The category of each of the file's category values (or skip). */
  categories: CategoryMapping;
  /** Step 2 again, with this mapping chosen. */
  mappingHref: string;
  /** The categories of step 2 again, with these choices. */
  categoriesHref: string;
  report?: ImportReport;
  /** Why the file cannot be applied ("Row 7: …"); nothing changes. */
  refusal?: string;
}) {
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const cancelButton = (label: string) => (
    <Button type="submit" name="intent" value="cancel" variant="soft" color="gray" size="3">
      {label}
    </Button>
  );

  if (!report) {
    return (
      <Form method="post" className="menu-import__form">
        <input type="hidden" name="upload" value={upload.id} />
        <UploadSummary upload={upload} />
        <FormAlert messages={[refusal ?? "The file cannot be imported."]} />
        <Text as="p">
          Nothing was changed. Fix that row in your spreadsheet or POS, export the file again and upload it — or, if a
          column was matched to the wrong field, change the columns.
        </Text>
        <div className="menu-import__actions">
          <Button asChild size="3">
            <Link to={mappingHref}>Change the columns</Link>
          </Button>
          <Button asChild variant="soft" size="3">
            <Link to={categoriesHref}>Change the categories</Link>
          </Button>
          {cancelButton("Upload another file")}
        </div>
      </Form>
    );
  }

  const { added, changed, removed, removedEdited, adFindings } = report;
  const nothing = added.count + changed.count + removed.count + removedEdited.count === 0;
  return (
    <Form method="post" className="menu-import__form menu-report">
      <input type="hidden" name="upload" value={upload.id} />
      <MappingFields mapping={mapping} categories={categories} />
      <UploadSummary upload={upload} />
      <Heading as="h2" size="5" className="menu-report__summary">
        {nothing
          ? "Nothing would change"
          : `${added.count} new, ${changed.count} changed, ${removed.count + removedEdited.count} no longer in the file`}
      </Heading>
      <Text as="p" color="gray">
        The file lists {products(report.products)}.{" "}
        {report.skippedRows > 0
          ? `${report.skippedRows === 1 ? "1 row is" : `${report.skippedRows.toLocaleString("en-US")} rows are`} left out: you chose to skip ${report.skippedRows === 1 ? "its" : "their"} category. `
          : null}
        {nothing ? "The menu already matches it." : "Nothing on the menu changes until you apply."}
      </Text>
      {report.isNewSource && report.otherExportNames.length > 0 ? (
        <Callout.Root color="amber" variant="surface">
          <Callout.Text>
            No product has come from “{upload.exportName}” before: its products are added beside those of{" "}
            {report.otherExportNames.map((name) => `“${name}”`).join(", ")}, not in place of them. If this is the same
            export, cancel and upload it again under that name.
          </Callout.Text>
        </Callout.Root>
      ) : null}

      <ReportSection id="report-new" title="New" count={added.count} shown={added.names.length}>
        {added.names.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ReportSection>
      <ReportSection id="report-changed" title="Changed" count={changed.count} shown={changed.items.length}>
        {changed.items.map((item, i) => (
          <li key={i}>
            {item.name} <span className="menu-report__fields">— {item.fields.join(", ")}</span>
          </li>
        ))}
      </ReportSection>
      <ReportSection
        id="report-removed"
        title="No longer in the file"
        count={removed.count}
        shown={removed.names.length}
        note="Taken off the menu: their pages say “out of stock” for 30 days, then go."
      >
        {removed.names.map((name, i) => (
          <li key={i}>{name}</li>
        ))}
      </ReportSection>
      <ReportSection
        id="report-edited"
        title="Edited by hand, no longer in the file"
        count={removedEdited.count}
        shown={removedEdited.items.length}
        note="You changed these by hand, so they stay on the menu unless you say otherwise."
      >
        {removedEdited.items.map((item) => (
          <li key={item.id}>{item.name}</li>
        ))}
      </ReportSection>
      {removedEdited.count > 0 ? (
        <label className="admin-checkbox menu-report__retire">
          <input type="checkbox" name="retire_edited" />
          Also take these off the menu
        </label>
      ) : null}

      {adFindings.count > 0 ? (
        <Callout.Root color="red" variant="surface" className="menu-report__claims">
          <Callout.Text>
            <strong>63 O.S. § 427.21: descriptions must not claim a health effect or promote overconsumption.</strong>{" "}
            {adFindings.count === 1 ? "This description uses" : `These ${adFindings.count} descriptions use`} words the
            advertising rules flag, such as “cures” or “relieves anxiety”. They are imported as the file says; after
            applying, edit each one.
          </Callout.Text>
          <ul className="menu-report__list">
            {adFindings.items.map((claim) => (
              <li key={claim.row}>
                Row {claim.row}: {claim.name}{" "}
                <span className="menu-report__fields">— “{claim.words.join("”, “")}”</span>{" "}
                <Link to={claim.editHref}>Edit after import</Link>
              </li>
            ))}
          </ul>
          {adFindings.count > adFindings.items.length ? (
            <Callout.Text>…and {adFindings.count - adFindings.items.length} more.</Callout.Text>
          ) : null}
        </Callout.Root>
      ) : null}

      <div className="menu-import__actions">
        <Button type="submit" name="intent" value="apply" size="3" disabled={applying}>
          {applying ? "Applying..." : nothing ? "Apply (mark the menu current)" : "Apply these changes"}
        </Button>
        <Button asChild variant="soft" size="3">
          <Link to={mappingHref}>Change the columns</Link>
        </Button>
        <Button asChild variant="soft" size="3">
          <Link to={categoriesHref}>Change the categories</Link>
        </Button>
        {cancelButton("Cancel import")}
      </div>
    </Form>
  );
}
