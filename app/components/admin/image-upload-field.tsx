import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { IMAGE_ACCEPT, imageFileProblem } from "~/lib/image-rules";
import { responsiveImage } from "~/lib/image-srcset";
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
 * A file can also be dropped onto it (JavaScript), or chosen with the native control.
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
            {...(preview ? { src: shown } : responsiveImage(shown, "240px", { width: 240, height: 135 }))}
            alt={preview ? "Preview of the chosen image" : currentAlt}
          />
          <figcaption>{preview ? "New image (saved when you submit)" : "Current image"}</figcaption>
        </figure>
      ) : null}
      <FileDropZone>
        <input
          key={key}
          {...inputProps}
          accept={IMAGE_ACCEPT}
          className="image-upload__input"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${hintId} ${field.errorId}` : hintId}
          onChange={onChange}
        />
      </FileDropZone>
    </AdminField>
  );
}

/** Shown while a file is dragged over a drop zone, on any page (the zone's own look is up to its page's CSS). */
const DRAGGING_STYLE: React.CSSProperties = {
  outline: "2px dashed var(--brand, #1f6f43)",
  outlineOffset: 3,
  background: "var(--brand-soft, #e8f3ec)",
};

const carriesFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

/**
 * Wraps the one `<input type="file">` it is given. Without JavaScript that input is all there is (native,
 * visible, usable). With JavaScript a file dragged over the zone highlights it, and dropping it puts the file
 * into the input (through a DataTransfer) and fires the input's change event, exactly as choosing it would:
 * the input's own checks (type and size) and handlers run as usual.
 */
export function FileDropZone({
  children,
  className,
  disabled = false,
  dropHint,
}: {
  children: React.ReactNode;
  className?: string;
  disabled?: boolean;
  /** Words shown once the page's script runs (e.g. "or drop an image here"); style `.file-drop__hint`. */
  dropHint?: string;
}) {
  const hydrated = useHydrated();
  const zone = useRef<HTMLDivElement>(null);
  // dragenter/dragleave fire for every child crossed: count them, so the highlight stays steady.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);

  function stop() {
    depth.current = 0;
    setDragging(false);
  }

  return (
    <div
      ref={zone}
      className={className ? `file-drop ${className}` : "file-drop"}
      data-dragging={dragging ? "" : undefined}
      style={dragging ? DRAGGING_STYLE : undefined}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return;
        // Without this the browser would open the file instead of dropping it here.
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        stop();
        const input = zone.current?.querySelector<HTMLInputElement>('input[type="file"]');
        const file = event.dataTransfer.files[0];
        if (disabled || !input || input.disabled || !file) return;
        const transfer = new DataTransfer();
        transfer.items.add(file);
        input.files = transfer.files;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }}
    >
      {children}
      {hydrated && dropHint ? (
        <span className="file-drop__hint" aria-hidden="true">
          {dropHint}
        </span>
      ) : null}
    </div>
  );
}
