// The post editor's action bar, sticky under the form: Back, Preview (the saved post, in a new tab) and Save;
// and the focus helper that keeps a field from hiding under it.
import { Button, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { Link } from "react-router";
import { IconSvg } from "~/components/ui/icons";

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

export function ActionBar({
  backTo,
  previewHref,
  saving,
}: {
  backTo: string;
  /** The saved post's preview; a new post has none until it is saved. */
  previewHref: string | null;
  saving: boolean;
}) {
  return (
    <div className="post-editor__actions">
      <Button asChild variant="soft" color="gray" size="3">
        <Link to={backTo}>
          <ArrowLeftIcon />
          Back
        </Link>
      </Button>
      <div className="post-editor__actions-end">
        {previewHref ? (
          <Button asChild variant="outline" size="3">
            <a href={previewHref} target="_blank" rel="noopener">
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
  );
}

/**
 * With JavaScript, a field that takes focus under the sticky action bar is scrolled clear of it (the page's
 * scroll-padding-bottom is the bar's height). Typing needs no help: the browser keeps the caret clear of
 * scroll padding by itself. On a phone the bar stops being sticky while a field has focus (CSS).
 */
export function useFieldsClearOfActionBar(formRef: React.RefObject<HTMLFormElement | null>) {
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
