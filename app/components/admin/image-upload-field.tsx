import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { showToast } from "~/components/ui/toaster";
import { IMAGE_ACCEPT, imageFileProblem } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { AdminField } from "./admin-field";

interface ImageUploadFieldProps {
  field: FieldMetadata<File | undefined, any, string[]>;
  label: string;
  /** The image saved now (editing), shown until another file is chosen. */
  currentUrl?: string | null;
  currentAlt?: string;
  hint?: React.ReactNode;
}

/**
 * A file input for JPEG, PNG, WebP or GIF up to 5 MB. With JavaScript it checks the chosen file's size and
 * type at once (the server checks again, by content) and previews it; the saved image shows when editing.
 */
export function ImageUploadField({ field, label, currentUrl, currentAlt = "", hint }: ImageUploadFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = `${field.id}-hint`;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setPreview(null);
    setProblem(null);
    if (!file) return;
    const found = imageFileProblem(file);
    if (found) {
      // Not sent: the server would refuse it anyway.
      input.value = "";
      setProblem(found);
      showToast({ type: "error", message: found });
      return;
    }
    setPreview(URL.createObjectURL(file));
  }

  const { key, ...inputProps } = getInputProps(field, { type: "file", ariaDescribedBy: hintId });
  const errors = problem ? [problem] : field.errors;
  const shown = preview ?? currentUrl ?? null;

  return (
    <AdminField
      id={field.id}
      label={label}
      hint={hint ?? "JPEG, PNG, WebP or GIF, less than 5MB."}
      hintId={hintId}
      errorId={field.errorId}
      errors={errors}
    >
      {shown ? (
        <figure className="image-upload__preview">
          <img
            src={shown}
            srcSet={preview ? undefined : imageSrcSet(shown)}
            sizes="240px"
            alt={preview ? "Preview of the chosen image" : currentAlt}
          />
          <figcaption>{preview ? "New image (saved when you submit)" : "Current image"}</figcaption>
        </figure>
      ) : null}
      <input
        key={key}
        {...inputProps}
        accept={IMAGE_ACCEPT}
        className="image-upload__input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${hintId} ${field.errorId}` : hintId}
        onChange={onChange}
      />
    </AdminField>
  );
}
