import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type ListEdges, RowActions } from "~/components/admin/row-actions";
import { responsiveImage } from "~/lib/image-srcset";

// A brand in Admin → Brands: its logo card in the list, with its buttons.

/** A brand as the admin's list and dialog show it. */
export interface BrandView extends ListEdges {
  id: string;
  name: string;
  logoUrl: string;
  siteUrl: string | null;
  isFeatured: boolean;
  sortOrder: number;
}

export function BrandItem({ brand, editTo }: { brand: BrandView; editTo: string }) {
  return (
    <li>
      <Card size="2" className="admin-brand">
        <div className="admin-brand__logo">
          <img
            {...responsiveImage(brand.logoUrl, "160px", { width: 160, height: 80 })}
            alt={`${brand.name} logo`}
            loading="lazy"
            decoding="async"
          />
        </div>
        <Flex direction="column" gap="1" className="admin-brand__text">
          <Heading as="h2" size="4" className="admin-brand__name">
            {brand.name}
          </Heading>
          <Text as="p" size="2" color="gray">
            Order: {brand.sortOrder} |{" "}
            {brand.isFeatured ? (
              <Badge color="green" variant="soft">
                Featured
              </Badge>
            ) : (
              <Badge color="gray" variant="soft">
                Not Featured
              </Badge>
            )}
          </Text>
          {brand.siteUrl ? (
            <Text as="p" size="2">
              <a href={brand.siteUrl} target="_blank" rel="noopener noreferrer">
                Visit Website<span className="visually-hidden"> of {brand.name} (opens in a new tab)</span>
              </a>
            </Text>
          ) : null}
        </Flex>
        <Flex gap="2" wrap="wrap" className="admin-brand__actions">
          {/* Delete is immediate, as the spec says: no confirmation. */}
          <RowActions id={brand.id} name={brand.name} editTo={editTo} move={brand} />
        </Flex>
      </Card>
    </li>
  );
}
