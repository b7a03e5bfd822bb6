// The post's Content field (Markdown) beside its preview, rendered as the post page renders it: live as
// the admin types with JavaScript, by 'Update preview' without. Its advertising findings sit right under
// the field (narrow) or beside it above the preview (wide), in view while the owner types.
import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { Button, Heading, Text, TextArea } from "@radix-ui/themes";
import { memo, useEffect, useRef, useState } from "react";
import { AdFindingsList, useCheckedFindings } from "~/components/admin/ad-findings";
import { Field } from "~/components/ui/field";
import { IconSvg } from "~/components/ui/icons";
import { initialText, withoutKey } from "./post-fields";
import { FormattingHelp } from "./formatting-help";
import { type LivePreviewState, useLivePreview } from "./live-preview";

const PREVIEW_ID = "content-preview";
/** How long typing pauses before the form, the findings and the preview catch up with the content. */
const PAUSE_MS = 300;

export function ContentWriter({
  field,
  serverHtml,
  hydrated,
  label = "Content (Markdown)",
  hint = "Written in Markdown; the preview shows it as the post page will.",
}: {
  field: FieldMetadata<string, any, string[]>;
  /** The content as the server rendered it last: the saved post's, or what 'Update preview' sent. */
  serverHtml: string;
  hydrated: boolean;
  /** The field's label and hint (a campaign's mail says its own). */
  label?: string;
  hint?: string;
}) {
  const live = useLivePreview(serverHtml);
  // The words the findings were checked in: the field's, as of the last pause in typing.
  const [checked, setChecked] = useState(() => ({ key: field.key, text: initialText(field) }));
  const text = checked.key === field.key ? checked.text : initialText(field);
  const findings = useCheckedFindings(text);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const findingsBox = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  useEffect(() => () => clearTimeout(pause.current), []);
  // Findings that appear or change while the owner types come into view (beside the field, or under it on a
  // phone, where the caret at the field's end would otherwise leave them below the window's edge).
  useEffect(() => {
    const box = findingsBox.current;
    const typing = textarea.current !== null && document.activeElement === textarea.current;
    if (box && typing && findings.length > 0) box.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [findings]);

  // A key in a long post must not make the form read all its fields and draw the whole editor again
  // (issue 37: 29 keys took 1.4 s in a 20,000-character post). The field's own listener keeps its input
  // events from bubbling to the document, where the form (conform) and React listen: they hear the content
  // once typing pauses, and then the findings and the preview catch up, once each.
  const fieldKey = field.key;
  const latest = useRef({ fieldKey, render: live.render });
  latest.current = { fieldKey, render: live.render };
  useEffect(() => {
    const input = textarea.current;
    if (!input) return;
    let forwarding = false;
    function onInput(event: Event) {
      if (forwarding) return;
      event.stopPropagation();
      clearTimeout(pause.current);
      pause.current = setTimeout(() => {
        forwarding = true;
        try {
          input!.dispatchEvent(new Event("input", { bubbles: true }));
        } finally {
          forwarding = false;
        }
        setChecked({ key: latest.current.fieldKey, text: input!.value });
        void latest.current.render(input!.value);
      }, PAUSE_MS);
    }
    input.addEventListener("input", onInput);
    return () => input.removeEventListener("input", onInput);
  }, [fieldKey]);

  return (
    <div className="post-editor__write">
      <div className="post-editor__write-field">
        <Field meta={field} label={label} hint={hint} look="admin">
          <TextArea
            {...withoutKey(getTextareaProps(field, { ariaDescribedBy: field.descriptionId }))}
            key={field.key}
            ref={textarea}
            rows={20}
            size="3"
            className="post-editor__content"
            spellCheck
          />
        </Field>
      </div>
      {/* Focusable: when many findings scroll inside it, a keyboard can scroll them. */}
      <div
        className="post-editor__write-findings"
        ref={findingsBox}
        tabIndex={findings.length > 0 ? 0 : undefined}
        aria-label={findings.length > 0 ? "Advertising findings in the content" : undefined}
      >
        <AdFindingsList id="content-advertising" findings={findings} />
      </div>
      <FormattingHelp />
      <ContentPreview html={live.html} state={live.state} hydrated={hydrated} />
    </div>
  );
}

const RefreshIcon = () => (
  <IconSvg size={16}>
    <path d="M21 12a9 9 0 1 1-2.64-6.36L21 8" />
    <path d="M21 3v5h-5" />
  </IconSvg>
);

/**
 * The Content field rendered as the post page renders it. Without JavaScript 'Update preview' sends the form
 * back (nothing is saved) and the page returns here; with JavaScript it follows the typing.
 */
const ContentPreview = memo(function ContentPreview({
  html,
  state,
  hydrated,
}: {
  html: string;
  state: LivePreviewState;
  hydrated: boolean;
}) {
  return (
    <div className="post-editor__preview" id={PREVIEW_ID}>
      <div className="post-editor__preview-head">
        <Heading as="h2" size="3" id={`${PREVIEW_ID}-title`}>
          Preview
        </Heading>
        {hydrated ? (
          <Text size="1" color="gray" className="post-editor__preview-state">
            {state === "updating" ? "Updating..." : "Updates as you type"}
          </Text>
        ) : (
          <Button
            type="submit"
            name="intent"
            value="preview"
            formAction={`#${PREVIEW_ID}`}
            variant="soft"
            size="2"
            className="post-editor__preview-button"
          >
            <RefreshIcon />
            Update preview
          </Button>
        )}
      </div>
      <p role="status" className="post-editor__preview-problem">
        {state === "failed" ? "The preview could not be updated. Your text is unchanged; try again in a moment." : ""}
      </p>
      {/* Focusable: when it scrolls, a keyboard can scroll it. */}
      <div className="post-editor__preview-body" role="region" aria-labelledby={`${PREVIEW_ID}-title`} tabIndex={0}>
        {html ? (
          // Rendered and sanitized on the server (marked + sanitize-html), never in the browser.
          <div className="post-body post-editor__prose" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <Text as="p" size="2" color="gray" className="post-editor__preview-empty">
            Nothing to preview yet: write some content.
          </Text>
        )}
      </div>
    </div>
  );
});
