import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type ListEdges, RowActions } from "~/components/admin/row-actions";
import { responsiveImage } from "~/lib/image-srcset";
import { GALLERY_MESSAGES } from "~/lib/schemas/gallery";

// A photo in Admin → Gallery: its card in the list, with its buttons.

/** A photo as the admin's list and dialog show it. */
export interface PhotoView extends ListEdges {
  id: string;
  imageUrl: string;
  alt: string;
  caption: string | null;
  sortOrder: number;
  /** The photo's name for its buttons ("Edit …"): the caption, else the start of the alt text. */
  name: string;
}

export function PhotoItem({ photo, editTo }: { photo: PhotoView; editTo: string }) {
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
          <RowActions
            id={photo.id}
            name={photo.name}
            editTo={editTo}
            move={photo}
            confirmMessage={GALLERY_MESSAGES.confirmDelete}
          />
        </div>
      </Card>
    </li>
  );
}
