// The post editor's Featured Image card: the image shown with the post (saved, or uploaded ahead of saving),
// Remove, and the field that picks another (the checked file field ImageUploadField uses too).
import { Button, Flex, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TrashIcon } from "~/components/admin/admin-icons";
import { IMAGE_FILE_HINT, ImageFileField, useImageFileCheck } from "~/components/admin/image-upload-field";
import { useHydrated } from "~/components/admin/submission-list";
import { IconSvg } from "~/components/ui/icons";
import { showToast } from "~/components/ui/toaster";
import { responsiveImage } from "~/lib/image-srcset";
import {
  DISCARD_IMAGE_INTENT,
  imageRefusalTitle,
  type PendingImage,
  type PostEditorActionData,
  UPLOAD_IMAGE_INTENT,
} from "~/lib/post-editor";
import { POST_MESSAGES } from "~/lib/schemas/post";
import { EditorCard } from "./editor-card";
import type { PostFields } from "./post-fields";

const UploadIcon = () => (
  <IconSvg size={20}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="M17 8l-5-5-5 5M12 3v12" />
  </IconSvg>
);

/**
 * The featured image: its thumbnail (and file name when known) with Remove, and a picker to replace it.
 * Without JavaScript the file goes with 'Save' and 'Remove image' is a checkbox. With JavaScript a chosen
 * (or dropped) file is checked, then uploaded at once ('Image uploaded successfully') and saved with the
 * post; replacing or removing it before saving discards the upload.
 */
export function FeaturedImageCard({
  fields,
  savedUrl,
  pendingFromServer,
  droppedFile,
}: {
  fields: PostFields;
  savedUrl: string | null;
  pendingFromServer: PendingImage | null;
  /** A file 'Update preview' could not keep (JavaScript off). */
  droppedFile: string | null;
}) {
  const { hero_image: field, remove_image: removeField, uploaded_image_key: keyField } = fields;
  const hydrated = useHydrated();
  const upload = useFetcher<PostEditorActionData>();
  const discard = useFetcher<PostEditorActionData>();
  const [pending, setPending] = useState<PendingImage | null>(pendingFromServer);
  const [removed, setRemoved] = useState(false);
  const handled = useRef<unknown>(null);
  const check = useImageFileCheck((file, input) => {
    if (!file) return;
    const formData = new FormData();
    formData.set("intent", UPLOAD_IMAGE_INTENT);
    formData.set("hero_image", file);
    // Sent now, not again with 'Save'.
    input.value = "";
    void upload.submit(formData, { method: "post", encType: "multipart/form-data" });
  }, imageRefusalTitle);

  // A failed save hands back the image it stored, so it need not be chosen again.
  useEffect(() => {
    if (pendingFromServer) {
      setPending(pendingFromServer);
      setRemoved(false);
    }
  }, [pendingFromServer]);

  function discardUpload(image: PendingImage | null) {
    if (!image) return;
    const formData = new FormData();
    formData.set("intent", DISCARD_IMAGE_INTENT);
    formData.set("key", image.key);
    void discard.submit(formData, { method: "post", encType: "multipart/form-data" });
  }

  useEffect(() => {
    const result = upload.data;
    if (upload.state !== "idle" || !result || handled.current === result || result.kind !== "upload") return;
    handled.current = result;
    if (result.ok) {
      setPending((previous) => {
        if (previous && previous.key !== result.image.key) discardUpload(previous);
        return result.image;
      });
      setRemoved(false);
      check.setProblem(null);
      showToast({ type: "success", message: POST_MESSAGES.imageUploaded });
    } else {
      check.setProblem(result.toast.description);
      showToast({ type: "error", message: result.toast.title, description: result.toast.description });
    }
    // discardUpload only submits a fetcher, and setProblem is a state setter: neither needs tracking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload.state, upload.data]);

  function onRemove() {
    if (pending) discardUpload(pending);
    setPending(null);
    setRemoved(true);
    check.setProblem(null);
  }

  const uploading = upload.state !== "idle";
  const shown = pending?.url ?? (removed ? null : savedUrl);

  return (
    <EditorCard title="Featured Image" gap="3">
      {shown ? (
        <div className="post-image">
          <img
            className="post-image__thumb"
            {...responsiveImage(shown, "128px", { width: 1200, height: 630 })}
            alt="The featured image"
          />
          <div className="post-image__about">
            <Text as="p" size="2" weight="medium" className="post-image__name">
              {pending ? (pending.name ?? "New image") : "Current image"}
            </Text>
            <Text as="p" size="1" color="gray">
              {pending ? "Uploaded; saved with the post." : "Shown on the post and in the blog list."}
            </Text>
          </div>
          <div className="post-image__actions">
            {hydrated ? (
              <Button type="button" variant="soft" color="red" size="2" onClick={onRemove} disabled={uploading}>
                <TrashIcon />
                Remove image
              </Button>
            ) : (
              <label className="admin-checkbox post-image__remove">
                <input type="checkbox" name={removeField.name} defaultChecked={removeField.initialValue === "on"} />
                Remove image
              </label>
            )}
          </div>
        </div>
      ) : (
        <Flex align="center" gap="3" wrap="wrap">
          <Text as="p" size="2" color="gray">
            {removed && savedUrl ? "The image will be removed when you save." : "No image."}
          </Text>
          {hydrated && removed && savedUrl ? (
            <Button type="button" variant="ghost" size="1" onClick={() => setRemoved(false)}>
              Keep the current image
            </Button>
          ) : null}
        </Flex>
      )}
      {droppedFile ? (
        <Text as="p" size="2" className="post-image__dropped">
          “{droppedFile}” was not kept by Update preview: choose it again before you save.
        </Text>
      ) : null}
      {pending ? (
        <>
          <input type="hidden" name={keyField.name} value={pending.key} />
          {pending.name ? <input type="hidden" name="uploaded_image_name" value={pending.name} /> : null}
        </>
      ) : null}
      {hydrated && removed && savedUrl ? <input type="hidden" name={removeField.name} value="on" /> : null}
      <ImageFileField
        field={field}
        label={shown ? "Replace image" : "Upload image"}
        hint={uploading ? "Uploading..." : IMAGE_FILE_HINT}
        problem={check.problem}
        // Without the page's script the file goes with 'Save'.
        onChange={hydrated ? check.onChange : undefined}
        busy={uploading}
        inputClassName="post-image__input"
        zoneClassName="post-image__drop"
        dropHint="or drop an image here"
      >
        <span className="post-image__drop-icon">
          <UploadIcon />
        </span>
      </ImageFileField>
    </EditorCard>
  );
}
