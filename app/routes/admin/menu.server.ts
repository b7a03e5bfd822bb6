import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { MenuProductView } from "~/components/admin/menu/product-table";
import { STORE_IDS, storeShortName, type StoreId } from "~/content/stores";
import { isRowId } from "~/lib/admin-list";
import { CATALOG_CATEGORIES } from "~/lib/catalog";
import { exportNameOf, MENU_MESSAGES, MENU_PATH, menuListHref, menuProductSchema } from "~/lib/schemas/menu";
import { editCatalogProduct, getCatalogProduct, resetCatalogProduct } from "~/models/catalog-admin.server";
import type { AdminUser } from "~/services/auth.server";
import type { AdRuleKind } from "~/lib/ad-rules/rules";
import { deleteImage } from "~/server/images.server";
import { logger } from "~/server/logger.server";
import type { CatalogProduct } from "~/server/schema.server";
import { isValidObjectKey, publicUrl } from "~/server/storage.server";
import { imageListAction } from "./image-list-action.server";

// Admin → Menu's server half: a catalog product as the list shows it, and the row action — the owner's edit
// (through the image list building block, the photo stored in the "menu" bucket) and "Reset to the source".

const BUCKET = "menu";

function sourceLabel(source: string): string {
  if (source.startsWith("csv:")) return exportNameOf(source);
  if (source.startsWith("dutchie:")) {
    const store = source.slice("dutchie:".length);
    return (STORE_IDS as readonly string[]).includes(store)
      ? `menu provider (${storeShortName(store as StoreId)})`
      : "menu provider";
  }
  return source === "demo" ? "demo catalog" : source;
}

export function toMenuProductView(product: CatalogProduct, disabledAdRules: readonly AdRuleKind[]): MenuProductView {
  return {
    id: product.id,
    name: product.name,
    brand: product.brand_name,
    category: CATALOG_CATEGORIES.find((category) => category.slug === product.category)?.label ?? product.category,
    priceFromCents: product.price_from_cents,
    onSpecial: product.on_special,
    stock: STORE_IDS.map((store) => ({
      store: storeShortName(store),
      inStock: product.in_stock_stores.includes(store),
    })),
    imageUrl: product.edited_image_url ?? product.image_url,
    sourceImageUrl: product.image_url,
    editedImageUrl: product.edited_image_url,
    sourceDescription: product.description,
    editedDescription: product.edited_description,
    sourceLabel: sourceLabel(product.source),
    isHidden: product.is_hidden,
    isEdited: product.edited_at !== null || product.is_hidden,
    isDemo: product.is_demo,
    isGone: product.gone_since !== null,
    adFindings: product.ad_findings
      .filter((finding) => !disabledAdRules.includes(finding.kind))
      .map((finding) => finding.phrase.replace(/\s+/g, " ")),
    publicHref: `/menu/${product.category}/${product.slug}`,
  };
}

/** The stored file behind the owner's photo (an upload to the menu bucket), or null for any other address. */
export function ownPhotoKey(url: string | null): string | null {
  const key = url?.split("/").pop();
  return key && isValidObjectKey(key) && publicUrl(BUCKET, key) === url ? key : null;
}

/** The owner's description as saved: their text, or null where it is the source's own (or empty). */
function ownDescription(typed: string | undefined, source: string | null): string | null {
  const text = (typed ?? "").replace(/\r\n/g, "\n").trim();
  return text === "" || text === (source ?? "").replace(/\r\n/g, "\n").trim() ? null : text;
}

/** The list's action: save an edit (intent update), reset a product (intent reset, confirmed). */
export function menuAction(request: Request, actor: AdminUser) {
  return imageListAction(request, actor, {
    path: MENU_PATH,
    noun: "Product",
    messages: MENU_MESSAGES,
    schema: menuProductSchema,
    bucket: BUCKET,
    fileField: "image",
    imageKey: (product) => ownPhotoKey(product.edited_image_url),
    reasonIn: "title",
    find: getCatalogProduct,
    // Products come from their sources: none is added or deleted here (the intents are refused first).
    remove: async () => undefined,
    create: async () => undefined,
    otherIntents: async (intent, formData, url) => {
      if (intent === "create" || intent === "delete") throw data("Unknown action", { status: 400 });
      if (intent !== "reset") return null;
      const listUrl = menuListHref(url.search);
      const id = formData.get("id")?.toString();
      let reset;
      try {
        reset = isRowId(id) ? await resetCatalogProduct(id, actor) : undefined;
      } catch (error) {
        logger.error({ err: error }, "Could not reset a menu product");
        return redirectWithError(listUrl, {
          message: MENU_MESSAGES.resetFailed,
          description: MENU_MESSAGES.saveFailed,
        });
      }
      if (!reset) {
        return redirectWithError(listUrl, { message: MENU_MESSAGES.resetFailed, description: MENU_MESSAGES.gone });
      }
      const photo = ownPhotoKey(reset.before.edited_image_url);
      if (photo) await deleteImage(BUCKET, photo);
      return redirectWithSuccess(listUrl, MENU_MESSAGES.reset);
    },
    // A product shown on the menu publishes its description: the owner's where given, else the source's.
    advertising: (value, existing) => ({
      fields: { description: value.description?.trim() ? value.description : existing?.description },
      publishing: !value.is_hidden,
      stored: existing && {
        fields: { description: existing.edited_description ?? existing.description },
        published: !existing.is_hidden,
      },
    }),
    update: (id, { value, uploaded, existing, override }) =>
      editCatalogProduct(
        id,
        {
          description: ownDescription(value.description, existing?.description ?? null),
          imageUrl: uploaded ? uploaded.url : value.use_source_image ? null : undefined,
          isHidden: value.is_hidden,
        },
        actor,
        override,
      ),
  });
}
