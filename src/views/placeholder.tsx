import { Container, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** Temporary screen for a route whose real screen is being built (see the open issues). */
export function PlaceholderScreen({ name }: { name: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{name}</Title>
      <Text c="dimmed">
        <FormattedMessage
          id="placeholder.comingSoon"
          defaultMessage="This screen is on its way."
          description="Shown on a route whose screen is not built yet"
        />
      </Text>
    </Container>
  );
}
