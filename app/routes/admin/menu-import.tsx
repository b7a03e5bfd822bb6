import { Flex } from "@radix-ui/themes";
import { useActionData } from "react-router";
import { useActionFailureToast } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { CategoriesStep } from "~/components/admin/menu/categories-step";
import { ImportSteps } from "~/components/admin/menu/import-steps";
import { MappingStep } from "~/components/admin/menu/mapping-step";
import { ReviewStep } from "~/components/admin/menu/review-step";
import { UploadStep } from "~/components/admin/menu/upload-step";
import { MENU_IMPORT_PATH } from "~/lib/schemas/menu";
import { signedInAdmin } from "~/services/auth.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import menuStyles from "~/styles/admin-menu.css?url";
// .admin-select, the admin's native select box.
import reviewStyles from "~/styles/admin-reviews.css?url";
import type { Route } from "./+types/menu-import";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { importAction, loadImportStep } from "./menu-import.server";
import type { ImportActionData } from "./menu-import.server";

// Admin → Menu → Import a POS export: upload, match the columns, check the difference and apply it. Each
// step is a plain form post; the file waits on the server between them (?upload=<id>).

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, reviewStyles, menuStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(
    matches,
    MENU_IMPORT_PATH,
    "Import a POS export",
    "Update the website's menu from a POS inventory export.",
  );

export function loader({ request }: Route.LoaderArgs) {
  return loadImportStep(new URL(request.url));
}

export function action({ request, context }: Route.ActionArgs) {
  return importAction(request, signedInAdmin(context));
}

const DESCRIPTIONS = {
  upload: "Upload your point-of-sale system's inventory export (CSV). Nothing on the menu changes until you apply it.",
  map: "Tell the menu which column of your file holds each of its fields. Your choices are remembered for this export.",
  categories:
    "Tell the menu which of its categories each category of your file is. Your choices are remembered for this export.",
  review: "What applying this file changes on the menu. Nothing has changed yet.",
} as const;

export default function AdminMenuImport({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<ImportActionData>();
  useActionFailureToast(actionData);
  const step = loaderData.step;
  const replyFor = (intent: ImportActionData["intent"]) => (actionData?.intent === intent ? actionData : undefined);
  // A refused Apply (the file was read again and refused, or a crafted post): said where the button was.
  const applyRefusal = replyFor("apply")?.result.error?.[""]?.join(" ");

  return (
    <div className="admin-catalog admin-menu-import">
      <AdminPageHeader
        title="Import a POS export"
        description={DESCRIPTIONS[step]}
        breadcrumbs={[{ label: "Menu", to: "/admin/menu" }, { label: "Import" }]}
      />
      <Flex direction="column" gap="4">
        <ImportSteps current={step} />
        {loaderData.step === "upload" ? (
          <UploadStep
            exportNames={loaderData.exportNames}
            defaultExportName={loaderData.defaultExportName}
            lastResult={replyFor("upload")}
          />
        ) : loaderData.step === "map" ? (
          <MappingStep
            key={loaderData.upload.id}
            upload={loaderData.upload}
            columns={loaderData.columns}
            mapping={loaderData.mapping}
            remembered={loaderData.remembered}
            lastResult={replyFor("map") ?? ("result" in loaderData ? toReply(loaderData.result) : undefined)}
          />
        ) : loaderData.step === "categories" ? (
          <CategoriesStep
            key={loaderData.upload.id}
            upload={loaderData.upload}
            mapping={loaderData.mapping}
            mappingHref={loaderData.mappingHref}
            rows={loaderData.categories}
            lastResult={replyFor("categories")}
          />
        ) : (
          <ReviewStep
            upload={loaderData.upload}
            mapping={loaderData.mapping}
            categories={loaderData.categories}
            mappingHref={loaderData.mappingHref}
            categoriesHref={loaderData.categoriesHref}
            report={"report" in loaderData && !applyRefusal ? loaderData.report : undefined}
            refusal={applyRefusal ?? ("refusal" in loaderData ? loaderData.refusal : undefined)}
          />
        )}
      </Flex>
    </div>
  );
}

/** The loader's check of a mapping named in the address, as the form shows a reply. */
function toReply(result: ImportActionData["result"]): ImportActionData {
  return { intent: "map", result, outcome: "invalid", message: "Check the columns" };
}
