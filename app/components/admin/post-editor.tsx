// The post editor (/admin/blog/new and /admin/blog/edit/{id}): the form and its layout. Each card and field
// group is its own file in ./post-editor/; the routes' server side is app/routes/admin/post-editor.server.ts.
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Flex, TextArea } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import type { z } from "zod";
import { Form, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { FieldAdFindings, PublishAnywayCheck } from "~/components/admin/ad-findings";
import { FormAlert } from "~/components/admin/form-alert";
import { useHydrated } from "~/components/admin/submission-list";
import { Field } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import type { PostEditorActionData, PostEditorLoaderData } from "~/lib/post-editor";
import { postSchema } from "~/lib/schemas/post";
import { ActionBar, useFieldsClearOfActionBar } from "./post-editor/action-bar";
import { type PostFormInput, withoutKey } from "./post-editor/post-fields";
import { ContentWriter } from "./post-editor/content-writer";
import { FeaturedImageCard } from "./post-editor/featured-image-card";
import { PublishingCard } from "./post-editor/publishing-card";
import { SeoCard } from "./post-editor/seo-card";
import { TermsCard } from "./post-editor/terms-card";
import { TitleAndSlug } from "./post-editor/title-and-slug";
import { useTitleFollowers } from "./post-editor/title-followers";

const POSTS_PATH = "/admin/blog";

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

  const [form, fields] = useForm<PostFormInput, z.output<typeof postSchema>>({
    id: post ? `post-${post.id}` : "post-new",
    lastResult: navigation.state === "idle" ? (saveData?.result ?? previewData?.result) : undefined,
    defaultValue: values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: postSchema }),
  });

  const follow = useTitleFollowers(fields.slug, fields.meta_title);
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
                <TitleAndSlug fields={fields} follow={follow} />
                <Field
                  meta={fields.excerpt}
                  label="Excerpt"
                  hint="A sentence or two for the blog list and search results."
                  look="admin"
                >
                  <TextArea
                    {...withoutKey(getTextareaProps(fields.excerpt, { ariaDescribedBy: fields.excerpt.descriptionId }))}
                    key={fields.excerpt.key}
                    rows={3}
                    size="3"
                  />
                </Field>
                <FieldAdFindings id="excerpt-advertising" text={fields.excerpt.value} />
                <ContentWriter
                  field={fields.content}
                  serverHtml={previewData?.html ?? loaderData.previewHtml}
                  hydrated={hydrated}
                />
              </Flex>
            </Card>

            <SeoCard fields={fields} follow={follow} />
          </div>

          <div className="post-editor__side">
            <PublishingCard fields={fields} />
            <PublishAnywayCheck
              texts={[
                fields.title.value,
                fields.excerpt.value,
                fields.content.value,
                fields.meta_title.value,
                fields.meta_description.value,
              ]}
              publishing={(fields.status.value ?? "draft") !== "draft"}
              refusal={saveData?.advertising}
              published={
                post && values.status !== "draft"
                  ? [values.title, values.excerpt, values.content, values.meta_title, values.meta_description]
                  : null
              }
            />

            <TermsCard kind="categories" terms={categories} fields={fields} />
            <TermsCard kind="tags" terms={tags} fields={fields} />

            <FeaturedImageCard
              fields={fields}
              savedUrl={post?.heroImageUrl ?? null}
              pendingFromServer={saveData?.pendingImage ?? previewData?.pendingImage ?? null}
              droppedFile={previewData?.droppedFile ?? null}
            />
          </div>
        </div>

        <ActionBar backTo={POSTS_PATH} previewHref={post?.previewHref ?? null} saving={saving} />
      </Form>
    </div>
  );
}
