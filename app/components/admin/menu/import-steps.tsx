// Admin → Menu → Import: where the owner is among the three steps, and the file the later steps are about.

export type ImportStepName = "upload" | "map" | "categories" | "review";

const STEPS: { step: Exclude<ImportStepName, "categories">; label: string }[] = [
  { step: "upload", label: "Upload the file" },
  { step: "map", label: "Match the columns and categories" },
  { step: "review", label: "Check and apply" },
];

export function ImportSteps({ current }: { current: ImportStepName }) {
  // The categories are the second half of matching the file to the menu.
  const index = STEPS.findIndex((step) => step.step === (current === "categories" ? "map" : current));
  return (
    <ol className="menu-import-steps" aria-label="Import steps">
      {STEPS.map((step, i) => (
        <li
          key={step.step}
          aria-current={i === index ? "step" : undefined}
          data-done={i < index ? "" : undefined}
          className="menu-import-steps__step"
        >
          <span className="menu-import-steps__number" aria-hidden="true">
            {i + 1}
          </span>
          <span>
            <span className="visually-hidden">Step {i + 1}: </span>
            {step.label}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The upload the step is about: its file and which export it is. */
export interface ImportUploadView {
  id: string;
  fileName: string;
  exportName: string;
}

export function UploadSummary({ upload }: { upload: ImportUploadView }) {
  return (
    <p className="menu-import__file">
      <span className="menu-import__file-name">{upload.fileName}</span>
      <span className="menu-import__file-export"> — {upload.exportName}</span>
    </p>
  );
}
