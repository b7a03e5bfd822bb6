// The post's Content field (Markdown) beside its preview, rendered as the post page renders it: live as
// the admin types with JavaScript, by 'Update preview' without.
import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import { Button, Heading, Text, TextArea } from "@radix-ui/themes";
import { Field } from "~/components/ui/field";
import { IconSvg } from "~/components/ui/icons";
import { withoutKey } from "./post-fields";
import { FormattingHelp } from "./formatting-help";
import { type LivePreviewState, useLivePreview } from "./live-preview";

const PREVIEW_ID = "content-preview";

export function ContentWriter({
  field,
  serverHtml,
  hydrated,
}: {
  field: FieldMetadata<string, any, string[]>;
  /** The content as the server rendered it last: the saved post's, or what 'Update preview' sent. */
  serverHtml: string;
  hydrated: boolean;
}) {
  const live = useLivePreview(serverHtml);
  return (
    <div className="post-editor__write">
      <div className="post-editor__write-field">
        <Field
          meta={field}
          label="Content (Markdown)"
          hint="Written in Markdown; the preview shows it as the post page will."
          look="admin"
        >
          <TextArea
            {...withoutKey(getTextareaProps(field, { ariaDescribedBy: field.descriptionId }))}
            key={field.key}
            rows={20}
            size="3"
            className="post-editor__content"
            spellCheck
            onInput={(event) => live.schedule(event.currentTarget.value)}
          />
        </Field>
        <FormattingHelp />
      </div>
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
function ContentPreview({ html, state, hydrated }: { html: string; state: LivePreviewState; hydrated: boolean }) {
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
}
