// The page header's 'Export CSV' button of an admin list (applications, inquiries, the activity log).
import { Button } from "@radix-ui/themes";
import { DownloadIcon } from "~/components/admin/submission-list";

/** The list as it is filtered, as a CSV file at `href`. */
export function ExportCsvButton({ href }: { href: string }) {
  return (
    <Button asChild size="3" variant="outline">
      {/* A file download: a plain link, never a client-side navigation. */}
      <a href={href} download>
        <DownloadIcon /> Export CSV
      </a>
    </Button>
  );
}
