// A card of the post editor: its heading over its fields (Publishing, SEO Settings, Featured Image).
import { Card, Flex, Heading } from "@radix-ui/themes";

export function EditorCard({ title, gap, children }: { title: string; gap: "3" | "4"; children: React.ReactNode }) {
  return (
    <Card size="3">
      <Flex direction="column" gap={gap}>
        <Heading as="h2" size="4">
          {title}
        </Heading>
        {children}
      </Flex>
    </Card>
  );
}
