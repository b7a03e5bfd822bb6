import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { AdminField } from "~/components/admin/admin-field";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FormAlert } from "~/components/admin/form-alert";
import { FileDropZone } from "~/components/admin/image-upload-field";
import { TrashIcon } from "~/components/admin/admin-icons";
import { useHydrated } from "~/components/admin/submission-list";
import { IconSvg } from "~/components/ui/icons";
import { showToast } from "~/components/ui/toaster";
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE, imageFileProblem } from "~/lib/image-rules";
import { responsiveImage } from "~/lib/image-srcset";
import { POST_LIMITS, POST_MESSAGES, POST_STATUS_LABELS, POST_STATUSES, postSchema } from "~/lib/schemas/post";
import { slugify } from "~/lib/slug";
import type { MarkdownPreviewResult, PostEditorActionData, PostEditorLoaderData } from "~/lib/post-editor";

const POSTS_PATH = "/admin/blog";
/** The live preview's resource route (app/routes/admin/blog-markdown-preview.ts). */
const MARKDOWN_PREVIEW_PATH = "/admin/blog/markdown-preview";
const PREVIEW_ID = "content-preview";
/** How long typing pauses before the live preview asks for a new rendering. */
const PREVIEW_DEBOUNCE_MS = 300;

type ShownImage = { key: string; url: string; name: string | null };

/** The post editor: every field of the spec, categories and tags, the featured image; Preview, Save, Back. */
export function PostEditor({
  loaderData,
  actionData,
}: {
  loaderData: PostEditorLoaderData;
  actionData: PostEditorActionData | undefined;
}) {
  const { post, values, categories, tags } = loaderData;
  const saveData = actionData?.kind === "save" ? actionData : undefined;
  const previewData = actionData?.kind === "preview" ? actionData : undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const [form, fields] = useForm<z.input<typeof postSchema>, z.output<typeof postSchema>>({
    id: post ? `post-${post.id}` : "post-new",
    lastResult: navigation.state === "idle" ? (saveData?.result ?? previewData?.result) : undefined,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });

  const follow = useTitleFollowers(fields.slug, fields.meta_title);
  const live = useLivePreview(previewData?.html ?? loaderData.previewHtml);
  useFieldsClearOfActionBar(formRef);

  useEffect(() => {
    if (saveData) showToast({ type: "error", message: saveData.toast.title, description: saveData.toast.description });
  }, [saveData]);

  const title = post ? "Edit Post" : "New Post";

  return (
    <div className="admin-posts">
      <AdminPageHeader
        title={title}
        breadcrumbs={[{ label: "Blog Posts", to: POSTS_PATH }, { label: title }]}
        description={
          post ? (
            <>
              <span className="visually-hidden">Address: </span>/blog/{post.slug}
              {post.isPublic ? null : " · not visible to the public yet"}
            </>
          ) : undefined
        }
      />
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        ref={formRef}
        className="post-editor"
        aria-label={title}
      >
        {/* Enter in a text field submits with the form's first submit button: keep that 'Save', not 'Update preview'. */}
        <button type="submit" hidden tabIndex={-1} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <div className="post-editor__grid">
          <div className="post-editor__main">
            <Card size="3">
              <Flex direction="column" gap="4">
                <TitleAndSlug title={fields.title} slug={fields.slug} follow={follow} />
                <AdminField
                  id={fields.excerpt.id}
                  label="Excerpt"
                  hint="A sentence or two for the blog list and search results."
                  hintId={`${fields.excerpt.id}-hint`}
                  errorId={fields.excerpt.errorId}
                  errors={fields.excerpt.errors}
                >
                  <TextArea
                    {...withoutKey(getTextareaProps(fields.excerpt, { ariaDescribedBy: `${fields.excerpt.id}-hint` }))}
                    key={fields.excerpt.key}
                    rows={3}
                    size="3"
                  />
                </AdminField>
                <div className="post-editor__write">
                  <div className="post-editor__write-field">
                    <AdminField
                      id={fields.content.id}
                      label="Content (Markdown)"
                      hint="Written in Markdown; the preview shows it as the post page will."
                      hintId={`${fields.content.id}-hint`}
                      errorId={fields.content.errorId}
                      errors={fields.content.errors}
                    >
                      <TextArea
                        {...withoutKey(
                          getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-hint` }),
                        )}
                        key={fields.content.key}
                        rows={20}
                        size="3"
                        className="post-editor__content"
                        spellCheck
                        onInput={(event) => live.schedule(event.currentTarget.value)}
                      />
                    </AdminField>
                    <FormattingHelp />
                  </div>
                  <ContentPreview html={live.html} state={live.state} hydrated={hydrated} />
                </div>
              </Flex>
            </Card>

            <Card size="3">
              <Flex direction="column" gap="4">
                <Heading as="h2" size="4">
                  SEO Settings
                </Heading>
                <MetaTitleField field={fields.meta_title} follow={follow} />
                <MetaDescriptionField field={fields.meta_description} />
              </Flex>
            </Card>
          </div>

          <div className="post-editor__side">
            <Card size="3">
              <Flex direction="column" gap="4">
                <Heading as="h2" size="4">
                  Publishing
                </Heading>
                <AdminField
                  id={fields.status.id}
                  label="Status"
                  errorId={fields.status.errorId}
                  errors={fields.status.errors}
                >
                  <select
                    {...withoutKey(getSelectProps(fields.status))}
                    key={fields.status.key}
                    className="post-editor__select post-editor__status"
                  >
                    {POST_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {POST_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                </AdminField>
                <div className="post-editor__publish-date">
                  <AdminField
                    id={fields.published_at.id}
                    label="Publish Date"
                    hint="Central Time (Norman). A Published post appears on the blog from this time; a Scheduled one stays off the blog until it is set to Published."
                    hintId={`${fields.published_at.id}-hint`}
                    errorId={fields.published_at.errorId}
                    errors={fields.published_at.errors}
                  >
                    <TextField.Root
                      {...withoutKey(
                        getInputProps(fields.published_at, {
                          type: "datetime-local",
                          ariaDescribedBy: `${fields.published_at.id}-hint`,
                        }),
                      )}
                      key={fields.published_at.key}
                      size="3"
                    />
                  </AdminField>
                  <input
                    {...withoutKey(getInputProps(fields.published_at_saved, { type: "hidden" }))}
                    key={fields.published_at_saved.key}
                  />
                </div>
                <AdminField
                  id={fields.author.id}
                  label="Author"
                  errorId={fields.author.errorId}
                  errors={fields.author.errors}
                >
                  <TextField.Root
                    {...withoutKey(getInputProps(fields.author, { type: "text" }))}
                    key={fields.author.key}
                    size="3"
                    maxLength={POST_LIMITS.author}
                    autoComplete="off"
                  />
                </AdminField>
              </Flex>
            </Card>

            <TermsCard
              title="Categories"
              terms={categories}
              picked={fields.category_ids}
              created={fields.new_categories}
              newLabel="New categories, comma-separated"
              placeholder="e.g. Wellness, Guides"
            />
            <TermsCard
              title="Tags"
              terms={tags}
              picked={fields.tag_ids}
              created={fields.new_tags}
              newLabel="New tags, comma-separated"
              placeholder="e.g. terpenes, sativa"
            />

            <FeaturedImageCard
              field={fields.hero_image}
              removeField={fields.remove_image}
              keyField={fields.uploaded_image_key}
              savedUrl={post?.heroImageUrl ?? null}
              pendingFromServer={saveData?.pendingImage ?? previewData?.pendingImage ?? null}
              droppedFile={previewData?.droppedFile ?? null}
            />
          </div>
        </div>

        <div className="post-editor__actions">
          <Button asChild variant="soft" color="gray" size="3">
            <Link to={POSTS_PATH}>
              <ArrowLeftIcon />
              Back
            </Link>
          </Button>
          <div className="post-editor__actions-end">
            {post ? (
              <Button asChild variant="outline" size="3">
                <a href={post.previewHref} target="_blank" rel="noopener">
                  <EyeIcon />
                  Preview<span className="visually-hidden"> the saved post (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <>
                <Text size="2" color="gray" id="preview-hint" className="post-editor__actions-hint">
                  Save the post to preview it.
                </Text>
                <Button type="button" variant="outline" size="3" disabled aria-describedby="preview-hint">
                  <EyeIcon />
                  Preview
                </Button>
              </>
            )}
            <Button type="submit" size="3" disabled={saving}>
              <CheckIcon />
              {saving ? "Saving..." : "Save"}
            </Button>
          </div>
        </div>
      </Form>
    </div>
  );
}

const ArrowLeftIcon = () => (
  <IconSvg size={18}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </IconSvg>
);
const EyeIcon = () => (
  <IconSvg size={18}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </IconSvg>
);
const CheckIcon = () => (
  <IconSvg size={18}>
    <path d="M20 6 9 17l-5-5" />
  </IconSvg>
);
const RefreshIcon = () => (
  <IconSvg size={16}>
    <path d="M21 12a9 9 0 1 1-2.64-6.36L21 8" />
    <path d="M21 3v5h-5" />
  </IconSvg>
);
const UploadIcon = () => (
  <IconSvg size={20}>
    <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    <path d="M17 8l-5-5-5 5M12 3v12" />
  </IconSvg>
);

/**
 * With JavaScript, a field that takes focus under the sticky action bar is scrolled clear of it (the page's
 * scroll-padding-bottom is the bar's height). Typing needs no help: the browser keeps the caret clear of
 * scroll padding by itself. On a phone the bar stops being sticky while a field has focus (CSS).
 */
function useFieldsClearOfActionBar(formRef: React.RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    function onFocusIn(event: FocusEvent) {
      const field = event.target;
      if (!(field instanceof HTMLElement) || field.closest(".post-editor__actions")) return;
      // After the browser's own scrolling to the field.
      requestAnimationFrame(() => {
        const bar = form?.querySelector(".post-editor__actions");
        if (!bar || document.activeElement !== field || getComputedStyle(bar).position !== "sticky") return;
        const box = field.getBoundingClientRect();
        const cover = bar.getBoundingClientRect();
        if (box.bottom > cover.top && box.top < cover.bottom)
          field.scrollIntoView({ block: "nearest", behavior: "instant" });
      });
    }
    form.addEventListener("focusin", onFocusIn);
    return () => form.removeEventListener("focusin", onFocusIn);
  }, [formRef]);
}

type LivePreviewState = "idle" | "updating" | "failed";

/**
 * The rendered content, kept current as the admin types (JavaScript): a pause in typing posts the Content
 * field to the guarded preview route, which renders it through the post page's sanitizer. The browser never
 * renders markdown itself.
 */
function useLivePreview(serverHtml: string) {
  const [html, setHtml] = useState(serverHtml);
  const [state, setState] = useState<LivePreviewState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  // A new server rendering (another post, or 'Update preview' before the script ran) replaces the shown one.
  useEffect(() => setHtml(serverHtml), [serverHtml]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  async function render(content: string) {
    inFlight.current?.abort();
    if (!content.trim()) {
      setHtml("");
      setState("idle");
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState("updating");
    try {
      const body = new FormData();
      body.set("content", content);
      const response = await fetch(MARKDOWN_PREVIEW_PATH, {
        method: "POST",
        body,
        signal: controller.signal,
        // A signed-out admin is redirected to the login page: that is a failure here, not a preview.
        redirect: "manual",
        headers: { Accept: "application/json" },
      });
      const result: MarkdownPreviewResult | null = response.headers.get("Content-Type")?.includes("json")
        ? await response.json()
        : null;
      if (controller.signal.aborted) return;
      if (result?.ok) {
        setHtml(result.html);
        setState("idle");
      } else {
        setState("failed");
      }
    } catch {
      if (!controller.signal.aborted) setState("failed");
    }
  }

  return {
    html,
    state,
    schedule(content: string) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void render(content), PREVIEW_DEBOUNCE_MS);
    },
  };
}

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

/** The Markdown a post body understands, in brief. */
function FormattingHelp() {
  return (
    <details className="post-editor__help">
      <summary>Formatting help</summary>
      <table className="post-editor__help-table">
        <caption className="visually-hidden">Markdown: what to type, and what it shows</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">To get</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>## Section title</code>
            </td>
            <td>
              A heading (<code>###</code> for a smaller one)
            </td>
          </tr>
          <tr>
            <td>
              <code>**bold**</code>
            </td>
            <td>
              <strong>bold</strong>
            </td>
          </tr>
          <tr>
            <td>
              <code>*italic*</code>
            </td>
            <td>
              <em>italic</em>
            </td>
          </tr>
          <tr>
            <td>
              <code>[our deals](/deals)</code>
            </td>
            <td>A link: an address on this site, or https://…, mailto:…</td>
          </tr>
          <tr>
            <td>
              <code>- item</code>
            </td>
            <td>A bulleted list, one item a line</td>
          </tr>
          <tr>
            <td>
              <code>1. item</code>
            </td>
            <td>A numbered list</td>
          </tr>
          <tr>
            <td>
              <code>&gt; quote</code>
            </td>
            <td>A quotation</td>
          </tr>
        </tbody>
      </table>
      <p>Leave a blank line between paragraphs.</p>
    </details>
  );
}

/** getInputProps and friends return `key`; React wants it passed on its own. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key, ...rest } = props;
  return rest;
}

const initialText = (field: FieldMetadata<any, any, any>) =>
  typeof field.initialValue === "string" ? field.initialValue : "";

type Followers = ReturnType<typeof useTitleFollowers>;

/**
 * While the slug or the meta title is empty (and the admin has not typed into it), a new title fills it
 * in: the slug with the spec's rule, the meta title with the title's first 60 characters.
 */
function useTitleFollowers(slug: FieldMetadata<any, any, any>, metaTitle: FieldMetadata<any, any, any>) {
  const slugInput = useRef<HTMLInputElement>(null);
  const metaInput = useRef<HTMLInputElement>(null);
  const slugFollows = useRef(initialText(slug) === "");
  const metaFollows = useRef(initialText(metaTitle) === "");
  const [metaLength, setMetaLength] = useState(initialText(metaTitle).length);
  return {
    slugInput,
    metaInput,
    metaLength,
    onTitleInput(text: string) {
      if (slugFollows.current && slugInput.current) slugInput.current.value = slugify(text);
      if (metaFollows.current && metaInput.current) {
        metaInput.current.value = Array.from(text.trim()).slice(0, POST_LIMITS.metaTitle).join("");
        setMetaLength(metaInput.current.value.length);
      }
    },
    onSlugInput(text: string) {
      slugFollows.current = text === "";
    },
    onMetaInput(text: string) {
      metaFollows.current = text === "";
      setMetaLength(text.length);
    },
  };
}

function TitleAndSlug({
  title,
  slug,
  follow,
}: {
  title: FieldMetadata<string, any, string[]>;
  slug: FieldMetadata<string, any, string[]>;
  follow: Followers;
}) {
  return (
    <>
      <AdminField id={title.id} label="Title" required errorId={title.errorId} errors={title.errors}>
        <TextField.Root
          {...withoutKey(getInputProps(title, { type: "text" }))}
          key={title.key}
          size="3"
          autoComplete="off"
          onInput={(event) => follow.onTitleInput(event.currentTarget.value)}
        />
      </AdminField>
      <AdminField
        id={slug.id}
        label="Slug"
        hint="The post's address: /blog/your-slug. Lowercase letters, numbers and hyphens; made from the title when left empty."
        hintId={`${slug.id}-hint`}
        errorId={slug.errorId}
        errors={slug.errors}
      >
        <TextField.Root
          {...withoutKey(getInputProps(slug, { type: "text", ariaDescribedBy: `${slug.id}-hint` }))}
          key={slug.key}
          ref={follow.slugInput}
          size="3"
          maxLength={POST_LIMITS.slug}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          onInput={(event) => follow.onSlugInput(event.currentTarget.value)}
          onBlur={(event) => {
            // Shown as it will be saved.
            const input = event.currentTarget;
            const cleaned = slugify(input.value);
            if (input.value && cleaned && cleaned !== input.value) input.value = cleaned;
          }}
        >
          <TextField.Slot className="post-editor__slug-prefix">/blog/</TextField.Slot>
        </TextField.Root>
      </AdminField>
    </>
  );
}

function MetaTitleField({ field, follow }: { field: FieldMetadata<string, any, string[]>; follow: Followers }) {
  return (
    <AdminField
      id={field.id}
      label="Meta Title"
      hint={
        <span>
          {follow.metaLength}/{POST_LIMITS.metaTitle} characters · shown in search results and when shared; the title is
          used when empty
        </span>
      }
      hintId={`${field.id}-hint`}
      errorId={field.errorId}
      errors={field.errors}
    >
      <TextField.Root
        {...withoutKey(getInputProps(field, { type: "text", ariaDescribedBy: `${field.id}-hint` }))}
        key={field.key}
        ref={follow.metaInput}
        size="3"
        maxLength={POST_LIMITS.metaTitle}
        autoComplete="off"
        onInput={(event) => follow.onMetaInput(event.currentTarget.value)}
      />
    </AdminField>
  );
}

function MetaDescriptionField({ field }: { field: FieldMetadata<string, any, string[]> }) {
  const [length, setLength] = useState(initialText(field).length);
  return (
    <AdminField
      id={field.id}
      label="Meta Description"
      hint={
        <span>
          {length}/{POST_LIMITS.metaDescription} characters · the first 160 characters of the content are used when
          empty
        </span>
      }
      hintId={`${field.id}-hint`}
      errorId={field.errorId}
      errors={field.errors}
    >
      <TextArea
        {...withoutKey(getTextareaProps(field, { ariaDescribedBy: `${field.id}-hint` }))}
        key={field.key}
        rows={3}
        size="3"
        maxLength={POST_LIMITS.metaDescription}
        onInput={(event) => setLength(event.currentTarget.value.length)}
      />
    </AdminField>
  );
}

/** Pick existing categories (or tags) with checkboxes, and name new ones; all saved with the post. */
function TermsCard({
  title,
  terms,
  picked,
  created,
  newLabel,
  placeholder,
}: {
  title: string;
  terms: { id: string; name: string }[];
  picked: FieldMetadata<string[], any, string[]>;
  created: FieldMetadata<any, any, string[]>;
  newLabel: string;
  placeholder: string;
}) {
  const initial = picked.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial : typeof initial === "string" ? [initial] : []);
  const legendId = `${picked.id}-legend`;
  return (
    <Card size="3">
      <fieldset className="post-editor__terms" aria-labelledby={legendId}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={legendId}>
            {title}
          </Heading>
          {terms.length > 0 ? (
            <ul className="post-editor__term-list">
              {terms.map((term) => (
                <li key={term.id}>
                  <label className="admin-checkbox post-editor__term">
                    <input type="checkbox" name={picked.name} value={term.id} defaultChecked={chosen.has(term.id)} />
                    {term.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" size="2" color="gray">
              None yet: add some below.
            </Text>
          )}
          <AdminField
            id={created.id}
            label={newLabel}
            hint="Created when you save; an existing name is reused."
            hintId={`${created.id}-hint`}
            errorId={created.errorId}
            errors={created.errors}
          >
            <TextField.Root
              {...withoutKey(getInputProps(created, { type: "text", ariaDescribedBy: `${created.id}-hint` }))}
              key={created.key}
              size="2"
              placeholder={placeholder}
              maxLength={POST_LIMITS.newTerms}
              autoComplete="off"
            />
          </AdminField>
        </Flex>
      </fieldset>
    </Card>
  );
}

/**
 * The featured image: its thumbnail (and file name when known) with Remove, and a picker to replace it.
 * Without JavaScript the file goes with 'Save' and 'Remove image' is a checkbox. With JavaScript a chosen
 * (or dropped) file is checked, then uploaded at once ('Image uploaded successfully') and saved with the
 * post; replacing or removing it before saving discards the upload.
 */
function FeaturedImageCard({
  field,
  removeField,
  keyField,
  savedUrl,
  pendingFromServer,
  droppedFile,
}: {
  field: FieldMetadata<File | undefined, any, string[]>;
  removeField: FieldMetadata<boolean, any, string[]>;
  keyField: FieldMetadata<string | undefined, any, string[]>;
  savedUrl: string | null;
  pendingFromServer: ShownImage | null;
  /** A file 'Update preview' could not keep (JavaScript off). */
  droppedFile: string | null;
}) {
  const hydrated = useHydrated();
  const upload = useFetcher<PostEditorActionData>();
  const discard = useFetcher<PostEditorActionData>();
  const [pending, setPending] = useState<ShownImage | null>(pendingFromServer);
  const [removed, setRemoved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const handled = useRef<unknown>(null);

  // A failed save hands back the image it stored, so it need not be chosen again.
  useEffect(() => {
    if (pendingFromServer) {
      setPending(pendingFromServer);
      setRemoved(false);
    }
  }, [pendingFromServer]);

  function discardUpload(image: ShownImage | null) {
    if (!image) return;
    const formData = new FormData();
    formData.set("intent", "discard-image");
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
      setProblem(null);
      showToast({ type: "success", message: POST_MESSAGES.imageUploaded });
    } else {
      setProblem(result.toast.description);
      showToast({ type: "error", message: result.toast.title, description: result.toast.description });
    }
    // discardUpload only submits a fetcher; it needs no dependency tracking.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upload.state, upload.data]);

  function onChange(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setProblem(null);
    if (!file) return;
    const found = imageFileProblem(file);
    if (found) {
      input.value = "";
      setProblem(found);
      showToast({
        type: "error",
        message: found === IMAGE_TOO_LARGE ? POST_MESSAGES.fileTooLarge : POST_MESSAGES.invalidFileType,
        description: found,
      });
      return;
    }
    const formData = new FormData();
    formData.set("intent", "upload-image");
    formData.set("hero_image", file);
    // Sent now, not again with 'Save'.
    input.value = "";
    void upload.submit(formData, { method: "post", encType: "multipart/form-data" });
  }

  function onRemove() {
    if (pending) discardUpload(pending);
    setPending(null);
    setRemoved(true);
    setProblem(null);
  }

  const uploading = upload.state !== "idle";
  const shown = pending?.url ?? (removed ? null : savedUrl);
  const errors = problem ? [problem] : field.errors;
  const hintId = `${field.id}-hint`;
  const { key: fileKey, ...fileProps } = getInputProps(field, { type: "file" });

  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Featured Image
        </Heading>
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
        <AdminField
          id={field.id}
          label={shown ? "Replace image" : "Upload image"}
          hint={uploading ? "Uploading..." : "JPEG, PNG, WebP or GIF, less than 5MB."}
          hintId={hintId}
          errorId={field.errorId}
          errors={errors}
        >
          <FileDropZone className="post-image__drop" disabled={uploading} dropHint="or drop an image here">
            <span className="post-image__drop-icon">
              <UploadIcon />
            </span>
            <input
              key={fileKey}
              {...fileProps}
              accept={IMAGE_ACCEPT}
              className="post-image__input"
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={errors?.length ? `${hintId} ${field.errorId}` : hintId}
              aria-busy={uploading || undefined}
              disabled={uploading}
              onChange={hydrated ? onChange : undefined}
            />
          </FileDropZone>
        </AdminField>
      </Flex>
    </Card>
  );
}
