// The dashboard's advertising card (issue 27): the live content whose words the advertising checker flags,
// each a link to where it is edited.
import { Badge, Flex, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import type { AdvertisingFindingsView } from "./dashboard-advertising.server";
import { AlertCard } from "./dashboard-alert-card";
import { plural, type Stat } from "./dashboard-sections";

const ADVERTISING_SECTION_ID = "advertising-findings";

/** The count under "Needs attention": a link to the card. */
export function advertisingStat(advertising: AdvertisingFindingsView): Stat {
  return {
    count: advertising.total,
    label: `live ${plural(advertising.total, "item", "items")} with advertising findings`,
    to: `/admin#${ADVERTISING_SECTION_ID}`,
    tone: "alert",
  };
}

/** Nothing at all when no live words have findings. */
export function AdvertisingFindingsCard({ advertising }: { advertising: AdvertisingFindingsView }) {
  if (advertising.total === 0) return null;
  return (
    <AlertCard
      id={ADVERTISING_SECTION_ID}
      tone="amber"
      title={<>Advertising findings ({advertising.total.toLocaleString("en-US")})</>}
      description={
        <>
          Words on the site now (or scheduled) that Oklahoma&rsquo;s advertising rules for medical marijuana businesses
          (63 O.S. § 427.21) may not allow, including any published with &ldquo;Publish anyway&rdquo;. Open one to
          change its words.
        </>
      }
    >
      <ul className="admin-alert-card__list" aria-label="Live content with advertising findings">
        {advertising.items.map((item) => (
          <li key={item.key} className="admin-alert-card__item" data-testid="advertising-finding">
            <div className="admin-alert-card__text">
              <Flex align="center" gap="2" wrap="wrap">
                <Badge color="amber" variant="soft">
                  {item.kind}
                </Badge>
                <Link to={item.href} className="admin-advertising__title">
                  {item.title}
                </Link>
              </Flex>
              <Text as="p" size="2" color="gray">
                {item.findings}
              </Text>
            </div>
          </li>
        ))}
      </ul>
      {advertising.total > advertising.items.length ? (
        <Text as="p" color="gray" size="2">
          Showing {advertising.items.length.toLocaleString("en-US")} of {advertising.total.toLocaleString("en-US")}.
        </Text>
      ) : null}
    </AlertCard>
  );
}
