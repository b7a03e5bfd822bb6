import type { z } from "zod";
import { AddLink, ListBody, ListSkeleton, useAdminList } from "~/components/admin/admin-list-parts";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { PhotoDialog } from "~/components/admin/gallery/photo-dialog";
import { PhotoItem, type PhotoView } from "~/components/admin/gallery/photo-item";
import { ListDialogs } from "~/components/admin/list-dialogs";
import { AdminListPager } from "~/components/admin/list-pager";
import { withListEdges } from "~/lib/admin-list";
import { GALLERY_MESSAGES, gallerySchema } from "~/lib/schemas/gallery";
import {
  createGalleryPhoto,
  deleteGalleryPhoto,
  getGalleryPhoto,
  listGalleryPhotosPage,
  moveGalleryPhoto,
  updateGalleryPhoto,
} from "~/models/gallery.server";
import { signedInAdmin } from "~/services/auth.server";
import type { GalleryPhoto } from "~/server/schema.server";
import catalogStyles from "~/styles/admin-catalog.css?url";
import galleryStyles from "~/styles/admin-gallery.css?url";
import type { Route } from "./+types/gallery";
import { adminPageMeta, stylesheets } from "./admin-page-head";
import { imageListAction, type ImageSave } from "./image-list-action.server";
import { loadListPage } from "./list-action.server";

// Admin → Gallery: the 'Inside the Shop' photos of the About page, in their order.

const PATH = "/admin/gallery";
const NO_PHOTOS_MESSAGE = "No photos yet. Until you add some, the About page shows illustrations.";
/** How much of the alt text names a photo without a caption (in its buttons' names). */
const NAME_LENGTH = 60;

export const links: Route.LinksFunction = () => stylesheets(catalogStyles, galleryStyles);

export const meta: Route.MetaFunction = ({ matches }) =>
  adminPageMeta(matches, PATH, "Gallery", "Manage the 'Inside the Shop' photos on the About page.");

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
  const { rows, total, page, pageCount, dialog } = await loadListPage(new URL(request.url), PATH, {
    load: (page, pageSize) =>
      listGalleryPhotosPage(page, pageSize).then(({ photos, total }) => ({ rows: photos, total })),
    find: getGalleryPhoto,
    view: toView,
    messages: GALLERY_MESSAGES,
  });
  return { photos: withListEdges(rows, page, total), total, page, pageCount, dialog };
}

type PhotoSave = ImageSave<GalleryPhoto, z.output<typeof gallerySchema>>;

const wordsOf = ({ value }: PhotoSave) => ({
  alt: value.alt,
  caption: value.caption ?? null,
  sortOrder: value.sort_order,
});

export function action({ request, context }: Route.ActionArgs) {
  return imageListAction(request, signedInAdmin(context), {
    path: PATH,
    noun: "Photo",
    messages: GALLERY_MESSAGES,
    schema: gallerySchema,
    // Its own public bucket; the photos follow the deal image rules (type, size, resized WebP variants).
    bucket: "gallery",
    fileField: "image",
    imageKey: (photo) => photo.image_key,
    confirmDelete: true,
    reasonIn: "title",
    find: getGalleryPhoto,
    remove: deleteGalleryPhoto,
    move: moveGalleryPhoto,
    // Every photo shows on the About page: its caption and alt text are advertising.
    advertising: (value, existing) => ({
      fields: { alt: value.alt, caption: value.caption },
      publishing: true,
      stored: existing && { fields: { alt: existing.alt, caption: existing.caption }, published: true },
    }),
    create: (save) => {
      const { uploaded } = save;
      // The schema requires the image when adding; it was stored already.
      if (!uploaded) throw new Error("A new gallery photo arrived without its image");
      return createGalleryPhoto(
        { ...wordsOf(save), imageUrl: uploaded.url, imageKey: uploaded.key },
        save.actor,
        save.override,
      );
    },
    // No new file: the current image stays.
    update: (id, save) =>
      updateGalleryPhoto(
        id,
        { ...wordsOf(save), ...(save.uploaded ? { imageUrl: save.uploaded.url, imageKey: save.uploaded.key } : {}) },
        save.actor,
        save.override,
      ),
  });
}

export default function AdminGallery({ loaderData }: Route.ComponentProps) {
  const { photos, page, pageCount, dialog } = loaderData;
  // Paging through the list (not opening a dialog over it) shows the skeletons.
  const list = useAdminList(PATH, ["page"]);

  return (
    <div className="admin-catalog">
      <AdminPageHeader
        title="Gallery"
        description="The 'Inside the Shop' photos on the About page, in this order."
        breadcrumbs={[{ label: "Gallery" }]}
        actions={<AddLink to={list.href({ dialog: "new" })}>Add Photo</AddLink>}
      />
      <ListBody
        loading={list.loading}
        skeleton={<ListSkeleton variant="cards" testId="photo-skeleton" />}
        isEmpty={photos.length === 0}
        emptyMessage={NO_PHOTOS_MESSAGE}
      >
        <ul className="admin-photo-list" aria-label="Photos">
          {photos.map((photo) => (
            <PhotoItem key={photo.id} photo={photo} editTo={list.href({ edit: photo.id })} />
          ))}
        </ul>
      </ListBody>
      <AdminListPager path={PATH} page={page} pageCount={pageCount} label="Photo pages" />
      <ListDialogs
        dialog={dialog}
        closeTo={list.closeTo}
        confirmDelete={{ title: "Delete photo", message: GALLERY_MESSAGES.confirmDelete, name: (photo) => photo.name }}
        form={(photo) => <PhotoDialog photo={photo} closeTo={list.closeTo} lastResult={list.lastResult} />}
      />
    </div>
  );
}
