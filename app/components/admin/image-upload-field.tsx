// The admin's image file fields: ImageUploadField (a file sent with its form, previewed in the browser), and
// the parts it shares with the post editor's featured image (which uploads at once): the checked file input
// in its drop zone (ImageFileField, useImageFileCheck) and the drop zone itself (FileDropZone).
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { IMAGE_ACCEPT, imageFileProblem } from "~/lib/image-rules";
import { responsiveImage } from "~/lib/image-srcset";
import { Field } from "~/components/ui/field";

type FileField = FieldMetadata<File | undefined, any, string[]>;

/** The hint an image field shows unless its page says more. */
export const IMAGE_FILE_HINT = "JPEG, PNG, WebP or GIF, less than 5MB.";

interface ImageUploadFieldProps {
  field: FileField;
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
  const check = useImageFileCheck((file) => setPreview(file ? URL.createObjectURL(file) : null));

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const shown = preview ?? currentUrl ?? null;

  return (
    <ImageFileField
      field={field}
      label={label}
      hint={hint ?? IMAGE_FILE_HINT}
      problem={check.problem}
      onChange={check.onChange}
      inputClassName="image-upload__input"
      above={
        shown ? (
          <figure className="image-upload__preview">
            <img
              {...(preview ? { src: shown } : responsiveImage(shown, "240px", { width: 240, height: 135 }))}
              alt={preview ? "Preview of the chosen image" : currentAlt}
            />
            <figcaption>{preview ? "New image (saved when you submit)" : "Current image"}</figcaption>
          </figure>
        ) : null
      }
    />
  );
}

/**
 * The browser's quick check of a chosen image (JavaScript). A refused file is cleared from the input (the
 * server would refuse it anyway), its problem kept to show as the field's error and toasted; `onChosen` gets
 * the file when it passes, null when none was chosen or it was refused. `refusedTitle` names a refusal in
 * the toast's title (the problem becomes its description); without it the problem is the title.
 */
export function useImageFileCheck(
  onChosen: (file: File | null, input: HTMLInputElement) => void,
  refusedTitle?: (problem: string) => string,
) {
  const [problem, setProblem] = useState<string | null>(null);

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setProblem(null);
    const found = file ? imageFileProblem(file) : null;
    if (found) {
      input.value = "";
      setProblem(found);
      showToast(
        refusedTitle
          ? { type: "error", message: refusedTitle(found), description: found }
          : { type: "error", message: found },
      );
    }
    onChosen(found ? null : (file ?? null), input);
  }

  return { problem, setProblem, onChange };
}

/**
 * An image field: its label, hint and errors (a problem the browser found wins over the server's), what
 * the page shows above the input, and the file input in a drop zone. While `busy` (an upload under way)
 * neither takes a file.
 */
export function ImageFileField({
  field,
  label,
  hint,
  problem,
  onChange,
  busy = false,
  inputClassName,
  zoneClassName,
  dropHint,
  above,
  children,
}: {
  field: FileField;
  label: React.ReactNode;
  hint: React.ReactNode;
  problem: string | null;
  onChange: ((event: React.ChangeEvent<HTMLInputElement>) => void) | undefined;
  busy?: boolean;
  inputClassName: string;
  zoneClassName?: string;
  dropHint?: string;
  /** Shown between the label and the drop zone (e.g. the chosen image's preview). */
  above?: React.ReactNode;
  /** Shown in the drop zone, before the input (e.g. an icon). */
  children?: React.ReactNode;
}) {
  const errors = problem ? [problem] : field.errors;
  const { key, ...inputProps } = getInputProps(field, { type: "file", ariaDescribedBy: field.descriptionId });
  return (
    <Field meta={field} errors={errors} label={label} hint={hint} look="admin">
      {above}
      <FileDropZone className={zoneClassName} disabled={busy} dropHint={dropHint}>
        {children}
        <input
          key={key}
          {...inputProps}
          accept={IMAGE_ACCEPT}
          className={inputClassName}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${field.descriptionId} ${field.errorId}` : field.descriptionId}
          aria-busy={busy || undefined}
          disabled={busy}
          onChange={onChange}
        />
      </FileDropZone>
    </Field>
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
