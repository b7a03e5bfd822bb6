import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, useActionData, useLocation } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminField } from "~/components/admin/admin-field";
import {
  AddLink,
  ConfirmDeleteDialog,
  DeleteButton,
  DialogActions,
  EditLink,
  ListBody,
  ListSkeleton,
  useActionFailureToast,
  useAdminForm,
  useDialogResult,
} from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { ImageUploadField } from "~/components/admin/image-upload-field";
import { AdminListPager } from "~/components/admin/list-pager";
import { MoveButtons } from "~/components/admin/move-buttons";
import { useListLoading } from "~/components/ui/use-list-loading";
import { ADMIN_LIST_PAGE_SIZE, listHref, listPage, redirectPastLastPage, withListEdges } from "~/lib/admin-list";
import { responsiveImage } from "~/lib/image-srcset";
import { pageCountFor } from "~/lib/pagination";
import { ALT_TEXT_HINT, GALLERY_MESSAGES, galleryLimits, gallerySchema } from "~/lib/schemas/gallery";
import { pageMeta } from "~/lib/seo";
import {
  createGalleryPhoto,
  deleteGalleryPhoto,
  getGalleryPhoto,
  listGalleryPhotosPage,
  moveGalleryPhoto,
  updateGalleryPhoto,
} from "~/models/gallery.server";
import { signedInAdmin } from "~/server/auth.server";
import { dialogFromUrl, type ListActionData, listAction } from "~/server/admin-list-action.server";
import {
  deleteReplacedImage,
  IMAGE_FORM_LIMITS,
  IMAGE_NOT_STORED,
  uploadForSave,
  withNewImage,
} from "~/server/admin-uploads.server";
import { deleteImage } from "~/server/images.server";
import type { GalleryPhoto } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import galleryStyles from "~/styles/admin-gallery.css?url";
import type { Route } from "./+types/gallery";

const PATH = "/admin/gallery";
// Its own public bucket; the photos follow the deal image rules (type, size, resized WebP variants).
const BUCKET = "gallery";
const PHOTO_SKELETON_COUNT = 3;
const NO_PHOTOS_MESSAGE = "No photos yet. Until you add some, the About page shows illustrations.";
/** How much of the alt text names a photo without a caption (in its buttons' names). */
const NAME_LENGTH = 60;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: catalogStyles },
  { rel: "stylesheet", href: galleryStyles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Gallery",
    description: "Manage the 'Inside the Shop' photos on the About page.",
    path: PATH,
    noindex: true,
  });

interface PhotoView {
  id: string;
  imageUrl: string;
  alt: string;
  caption: string | null;
  sortOrder: number;
  /** The photo's name for its buttons ("Edit …"): the caption, else the start of the alt text. */
  name: string;
  /** First or last of the whole list (not just this page): it cannot move further that way. */
  isFirst?: boolean;
  isLast?: boolean;
}

function photoName(photo: GalleryPhoto): string {
  if (photo.caption) return photo.caption;
  return photo.alt.length > NAME_LENGTH ? `${photo.alt.slice(0, NAME_LENGTH - 1).trimEnd()}…` : photo.alt;
}

const toView = (photo: GalleryPhoto): PhotoView => ({
  id: photo.id,
  imageUrl: photo.image_url,
  alt: photo.alt,
  caption: photo.caption,
  sortOrder: photo.sort_order,
  name: photoName(photo),
});

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = listPage(url, PATH);
  const { photos, total } = await listGalleryPhotosPage(page, ADMIN_LIST_PAGE_SIZE);
  const pageCount = pageCountFor(total, ADMIN_LIST_PAGE_SIZE);
  // Past the end (e.g. after deleting the last photo of the last page): the last page.
  redirectPastLastPage(url, PATH, page, pageCount);
  const dialog = await dialogFromUrl(url, PATH, { find: getGalleryPhoto, view: toView, messages: GALLERY_MESSAGES });
  return {
    photos: withListEdges(photos.map(toView), page, total),
    total,
    page,
    pageCount,
    dialog,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return listAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Photo",
    messages: GALLERY_MESSAGES,
    schema: gallerySchema,
    limits: IMAGE_FORM_LIMITS,
    fileField: "image",
    confirmDelete: true,
    reasonIn: "title",
    find: getGalleryPhoto,
    remove: deleteGalleryPhoto,
    afterRemove: async (photo) => {
      if (photo.image_key) await deleteImage(BUCKET, photo.image_key);
    },
    move: moveGalleryPhoto,
    save: async ({ intent, existing, value, listUrl, refuse, refuseField, actor }) => {
      const upload = await uploadForSave(BUCKET, value.image, {
        rejected: (message) => refuseField("image", message),
        failed: () => refuse(500, "error", GALLERY_MESSAGES.uploadFailed, { description: IMAGE_NOT_STORED }),
      });
      if (!upload.ok) return upload.reply;
      const uploaded = upload.image;
      const words = { alt: value.alt, caption: value.caption ?? null, sortOrder: value.sort_order };
      if (intent === "create") {
        // The schema requires the image when adding; it was stored above.
        if (!uploaded) throw new Error("A new gallery photo arrived without its image");
        await withNewImage(BUCKET, uploaded, () =>
          createGalleryPhoto({ ...words, imageUrl: uploaded.url, imageKey: uploaded.key }, actor),
        );
        return redirectWithSuccess(listUrl, GALLERY_MESSAGES.created);
      }
      // No new file: the current image stays.
      const image = uploaded ? { imageUrl: uploaded.url, imageKey: uploaded.key } : {};
      const saved = await withNewImage(BUCKET, uploaded, () =>
        updateGalleryPhoto(existing!.id, { ...words, ...image }, actor),
      );
      if (!saved) {
        return redirectWithError(listUrl, {
          message: GALLERY_MESSAGES.updateFailed,
          description: GALLERY_MESSAGES.gone,
        });
      }
      await deleteReplacedImage(BUCKET, saved.before.image_key, saved.after.image_key);
      return redirectWithSuccess(listUrl, GALLERY_MESSAGES.updated);
    },
  });
}

export default function AdminGallery({ loaderData }: Route.ComponentProps) {
  const { photos, page, pageCount, dialog } = loaderData;
  const location = useLocation();
  useActionFailureToast(useActionData<typeof action>());
  const lastResult = useDialogResult<ListActionData>();
  // Paging through the list (not opening a dialog over it) shows the skeletons.
  const changingPage = useListLoading(PATH, ["page"]);
  const closeTo = listHref(PATH, location.search);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Gallery"
        description="The 'Inside the Shop' photos on the About page, in this order."
        breadcrumbs={[{ label: "Gallery" }]}
        actions={<AddLink to={listHref(PATH, location.search, { dialog: "new" })}>Add Photo</AddLink>}
      />
      <ListBody
        loading={changingPage}
        skeleton={<ListSkeleton count={PHOTO_SKELETON_COUNT} variant="cards" testId="photo-skeleton" />}
        isEmpty={photos.length === 0}
        emptyMessage={NO_PHOTOS_MESSAGE}
      >
        <ul className="admin-photo-list" aria-label="Photos">
          {photos.map((photo) => (
            <PhotoItem key={photo.id} photo={photo} search={location.search} />
          ))}
        </ul>
      </ListBody>
      <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Photo pages" />
      {dialog?.mode === "confirm-delete" ? (
        <ConfirmDeleteDialog
          title="Delete photo"
          message={GALLERY_MESSAGES.confirmDelete}
          id={dialog.row.id}
          name={dialog.row.name}
          closeTo={closeTo}
        />
      ) : dialog ? (
        <PhotoDialog
          key={dialog.mode === "edit" ? dialog.row.id : "new"}
          photo={dialog.mode === "edit" ? dialog.row : null}
          closeTo={closeTo}
          lastResult={lastResult}
        />
      ) : null}
    </div>
  );
}

function PhotoItem({ photo, search }: { photo: PhotoView; search: string }) {
  return (
    <li>
      <Card size="2" className="admin-photo">
        <img
          {...responsiveImage(photo.imageUrl, "(max-width: 559px) 112px, 320px", { width: 400, height: 300 })}
          alt={photo.alt}
          loading="lazy"
          decoding="async"
          className="admin-photo__image"
        />
        <Flex direction="column" gap="1" className="admin-photo__text">
          <Heading as="h2" size="3" className="admin-photo__name" color={photo.caption ? undefined : "gray"}>
            {photo.caption ?? "No caption"}
          </Heading>
          <Text as="p" size="2" className="admin-photo__alt">
            <Text weight="medium">Alt text:</Text> {photo.alt}
          </Text>
          <Text as="p" size="2" color="gray">
            Order: {photo.sortOrder}
          </Text>
        </Flex>
        <div className="admin-row-actions admin-photo__actions">
          <MoveButtons
            id={photo.id}
            name={photo.name}
            isFirst={photo.isFirst ?? false}
            isLast={photo.isLast ?? false}
          />
          <EditLink to={listHref(PATH, search, { edit: photo.id })} name={photo.name} />
          <DeleteButton id={photo.id} name={photo.name} confirmMessage={GALLERY_MESSAGES.confirmDelete} />
        </div>
      </Card>
    </li>
  );
}

function PhotoDialog({
  photo,
  closeTo,
  lastResult,
}: {
  photo: PhotoView | null;
  closeTo: string;
  lastResult: ListActionData | undefined;
}) {
  const [form, fields] = useAdminForm(gallerySchema, {
    id: photo ? `photo-${photo.id}` : "photo-new",
    lastResult,
    defaultValue: photo
      ? {
          intent: "update",
          alt: photo.alt,
          caption: photo.caption ?? "",
          sort_order: String(photo.sortOrder),
        }
      : { intent: "create", sort_order: "0" },
  });

  const altHintId = `${fields.alt.id}-hint`;
  const { key: altKey, ...altProps } = getTextareaProps(fields.alt, { ariaDescribedBy: altHintId });
  const captionHintId = `${fields.caption.id}-hint`;
  const { key: captionKey, ...captionProps } = getInputProps(fields.caption, {
    type: "text",
    ariaDescribedBy: captionHintId,
  });
  const { key: orderKey, ...orderProps } = getInputProps(fields.sort_order, { type: "number" });

  return (
    <AdminDialog title={photo ? "Edit Photo" : "Add Photo"} closeTo={closeTo} size="wide">
      <Form method="post" encType="multipart/form-data" preventScrollReset {...getFormProps(form)}>
        <input type="hidden" name="intent" value={photo ? "update" : "create"} />
        {photo ? <input type="hidden" name="id" value={photo.id} /> : null}
        <Flex direction="column" gap="4">
          <FormAlert id={form.errorId} messages={form.errors} />
          <AdminField
            id={fields.alt.id}
            label="Alt text"
            required
            hint={ALT_TEXT_HINT}
            hintId={altHintId}
            errorId={fields.alt.errorId}
            errors={fields.alt.errors}
          >
            <TextArea key={altKey} {...altProps} rows={2} maxLength={galleryLimits.alt} />
          </AdminField>
          <AdminField
            id={fields.caption.id}
            label="Caption"
            hint="Optional: shown under the photo, e.g. “Display cases”."
            hintId={captionHintId}
            errorId={fields.caption.errorId}
            errors={fields.caption.errors}
          >
            <TextField.Root key={captionKey} {...captionProps} maxLength={galleryLimits.caption} autoComplete="off" />
          </AdminField>
          <AdminField
            id={fields.sort_order.id}
            label="Sort order"
            errorId={fields.sort_order.errorId}
            errors={fields.sort_order.errors}
          >
            <TextField.Root key={orderKey} {...orderProps} step={1} className="admin-number-input" />
          </AdminField>
          <ImageUploadField
            field={fields.image}
            label="Photo"
            currentUrl={photo?.imageUrl}
            currentAlt={photo?.alt}
            hint={
              photo
                ? "Choose a file only to replace the current photo. JPEG, PNG, WebP or GIF, less than 5MB."
                : "Required. JPEG, PNG, WebP or GIF, less than 5MB. Shown 4:3 on the About page (cropped to fit)."
            }
          />
          <DialogActions
            closeTo={closeTo}
            label={photo ? "Update Photo" : "Add Photo"}
            busyLabel={photo ? "Updating..." : "Uploading..."}
          />
        </Flex>
      </Form>
    </AdminDialog>
  );
}
