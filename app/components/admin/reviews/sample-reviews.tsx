import { Button, Callout } from "@radix-ui/themes";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "~/components/admin/admin-list-parts";
import { REVIEW_MESSAGES } from "~/lib/schemas/review";

// The demo content's sample reviews in Admin → Reviews: the notice while there are some, and the dialog
// that removes them all (intent remove-samples, confirmed).

const samplesText = (count: number) => (count === 1 ? "1 sample review" : `${count} sample reviews`);

/** How many sample reviews the list holds, and the link that asks to remove them (`removeTo`). */
export function SampleReviewsNotice({ count, removeTo }: { count: number; removeTo: string }) {
  return (
    <Callout.Root color="amber" variant="surface" highContrast className="admin-reviews__samples">
      <Callout.Text>
        {samplesText(count)} (demo content) in this list; the website labels each &lsquo;Sample review&rsquo;. Replace
        them with your customers&rsquo; real words: edit a sample and save it to make it yours, or remove them all.
      </Callout.Text>
      <div>
        <Button asChild variant="soft" color="red" highContrast size="2">
          <Link to={removeTo} preventScrollReset>
            Remove all sample reviews
          </Link>
        </Button>
      </div>
    </Callout.Root>
  );
}

export function RemoveSamplesDialog({ count, closeTo }: { count: number; closeTo: string }) {
  return (
    <ConfirmDeleteDialog
      title="Remove all sample reviews"
      message={REVIEW_MESSAGES.confirmRemoveSamples}
      closeTo={closeTo}
      intent="remove-samples"
      submitLabel={`Remove ${samplesText(count)}`}
    />
  );
}
