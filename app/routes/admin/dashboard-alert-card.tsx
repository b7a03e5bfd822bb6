// The frame of a dashboard card that lists what needs a look (the notification mail, the advertising
// findings): a coloured edge, its heading, a line on what it lists, then the card's own lists of items.
import { Card, Flex, Heading, Text } from "@radix-ui/themes";

export function AlertCard({
  id,
  title,
  description,
  tone,
  children,
}: {
  /** The section's id: what the "Needs attention" count links to. */
  id: string;
  title: React.ReactNode;
  description: React.ReactNode;
  /** Red for what failed, amber for what to reword. */
  tone: "red" | "amber";
  children: React.ReactNode;
}) {
  return (
    <Card size="3" asChild className={`admin-alert-card admin-alert-card--${tone}`}>
      <section id={id} aria-labelledby={`${id}-heading`}>
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5" id={`${id}-heading`}>
              {title}
            </Heading>
            <Text as="p" color="gray" size="2">
              {description}
            </Text>
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  );
}
