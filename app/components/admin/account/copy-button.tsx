// A button that copies a text (a two-factor setup key, recovery codes) and says so in a toast.
import { Button } from "@radix-ui/themes";
import { useHydrated } from "~/components/admin/submission-list";
import { showToast } from "~/components/ui/toaster";

/** A JavaScript-only button that copies `text` (it is not rendered until the page has hydrated). */
export function CopyButton({
  text,
  label,
  copied,
  size = "2",
}: {
  text: string;
  label: string;
  copied: string;
  size?: "2" | "3";
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ type: "success", message: copied });
    } catch {
      showToast({ type: "error", message: "Could not copy. Select the text and copy it instead." });
    }
  };
  return (
    <Button type="button" variant="soft" size={size} onClick={() => void copy()}>
      {label}
    </Button>
  );
}
