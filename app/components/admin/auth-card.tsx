import { Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useSite } from "~/components/ui/use-root-data";

/** The frame of the signed-out admin pages (login, reset, setup): one centred card with the page's h1. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  const site = useSite();
  return (
    <main id="main" className="admin-auth">
      <Box className="admin-auth__inner">
        <a href="/" className="admin-auth__site">
          {site.name}
        </a>
        <Card size="4" className="admin-auth__card">
          <Flex direction="column" gap="5">
            <Flex direction="column" gap="2">
              <Heading as="h1" size="6">
                {title}
              </Heading>
              {description ? (
                <Text as="p" color="gray" size="2">
                  {description}
                </Text>
              ) : null}
            </Flex>
            {children}
          </Flex>
        </Card>
      </Box>
    </main>
  );
}
