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
import { useHydrated } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE, imageFileProblem } from "~/lib/image-rules";
import { imageSrcSet } from "~/lib/image-srcset";
import { POST_LIMITS, POST_MESSAGES, POST_STATUS_LABELS, POST_STATUSES, postSchema } from "~/lib/schemas/post";
import { slugify } from "~/lib/slug";
import type { PostEditorActionData, PostEditorLoaderData } from "~/server/post-editor.server";

const POSTS_PATH = "/admin/blog";

type StoredImage = { key: string; url: string };

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
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";

  const [form, fields] = useForm<z.input<typeof postSchema>, z.output<typeof postSchema>>({
    id: post ? `post-${post.id}` : "post-new",
    lastResult: navigation.state === "idle" ? saveData?.result : undefined,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });

  const follow = useTitleFollowers(fields.slug, fields.meta_title);

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
        className="post-editor"
        aria-label={title}
      >
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
                <AdminField
                  id={fields.content.id}
                  label="Content (Markdown)"
                  hint={
                    <>
                      Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>,{" "}
                      <code>[link](https://…)</code>, <code>- list item</code>.
                    </>
                  }
                  hintId={`${fields.content.id}-hint`}
                  errorId={fields.content.errorId}
                  errors={fields.content.errors}
                >
                  <TextArea
                    {...withoutKey(getTextareaProps(fields.content, { ariaDescribedBy: `${fields.content.id}-hint` }))}
                    key={fields.content.key}
                    rows={20}
                    size="3"
                    className="post-editor__content"
                    spellCheck
                  />
                </AdminField>
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
              pendingFromServer={saveData?.pendingImage ?? null}
            />
          </div>
        </div>

        <div className="post-editor__actions">
          <Button asChild variant="soft" color="gray" size="3">
            <Link to={POSTS_PATH}>Back</Link>
          </Button>
          <Flex gap="3" align="center" wrap="wrap" justify="end">
            {post ? (
              <Button asChild variant="outline" size="3">
                <a href={post.previewHref} target="_blank" rel="noopener">
                  Preview<span className="visually-hidden"> the saved post (opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <>
                <Text size="2" color="gray" id="preview-hint">
                  Save the post to preview it.
                </Text>
                <Button type="button" variant="outline" size="3" disabled aria-describedby="preview-hint">
                  Preview
                </Button>
              </>
            )}
            <Button type="submit" size="3" disabled={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
          </Flex>
        </div>
      </Form>
    </div>
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
 * The featured image. Without JavaScript the file goes with 'Save' (and 'Remove image' is a checkbox).
 * With JavaScript a chosen file is checked, then uploaded at once ('Image uploaded successfully') and
 * saved with the post; replacing or removing it before saving discards the upload.
 */
function FeaturedImageCard({
  field,
  removeField,
  keyField,
  savedUrl,
  pendingFromServer,
}: {
  field: FieldMetadata<File | undefined, any, string[]>;
  removeField: FieldMetadata<boolean, any, string[]>;
  keyField: FieldMetadata<string | undefined, any, string[]>;
  savedUrl: string | null;
  pendingFromServer: StoredImage | null;
}) {
  const hydrated = useHydrated();
  const upload = useFetcher<PostEditorActionData>();
  const discard = useFetcher<PostEditorActionData>();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<StoredImage | null>(pendingFromServer);
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

  function discardUpload(image: StoredImage | null) {
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
          <figure className="image-upload__preview post-editor__image">
            <img src={shown} srcSet={imageSrcSet(shown)} sizes="320px" alt="The featured image" />
            <figcaption>{pending ? "New image (saved with the post)" : "Current image"}</figcaption>
          </figure>
        ) : (
          <Text as="p" size="2" color="gray">
            {removed && savedUrl ? "The image will be removed when you save." : "No image."}
          </Text>
        )}
        {pending ? <input type="hidden" name={keyField.name} value={pending.key} /> : null}
        {hydrated ? (
          <>
            {removed && savedUrl ? <input type="hidden" name={removeField.name} value="on" /> : null}
            {shown ? (
              <Button type="button" variant="soft" color="red" onClick={onRemove} disabled={uploading}>
                Remove image
              </Button>
            ) : null}
          </>
        ) : shown ? (
          <label className="admin-checkbox">
            <input type="checkbox" name={removeField.name} />
            Remove image
          </label>
        ) : null}
        <AdminField
          id={field.id}
          label={shown ? "Replace image" : "Upload image"}
          hint={uploading ? "Uploading..." : "JPEG, PNG, WebP or GIF, less than 5MB."}
          hintId={hintId}
          errorId={field.errorId}
          errors={errors}
        >
          <input
            key={fileKey}
            {...fileProps}
            ref={fileInput}
            accept={IMAGE_ACCEPT}
            className="image-upload__input"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? `${hintId} ${field.errorId}` : hintId}
            aria-busy={uploading || undefined}
            disabled={uploading}
            onChange={hydrated ? onChange : undefined}
          />
        </AdminField>
      </Flex>
    </Card>
  );
}
