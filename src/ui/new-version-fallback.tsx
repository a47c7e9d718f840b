import { Box, Button, Group, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { buildCheckMachine } from '#machines/build-check.machine';

/** The new-version prompt's texts, shared by the prompt and its fallback. */
export const newVersionMessages = defineMessages({
  title: {
    id: 'buildCheck.newVersion.title',
    defaultMessage: 'A new version is available',
    description: 'Title of the prompt shown when a newer build of the app was published',
  },
  message: {
    id: 'buildCheck.newVersion.message',
    defaultMessage: 'Reload the page to get the latest version. Save anything you are working on first.',
    description: 'Body of the new version prompt',
  },
  later: {
    id: 'buildCheck.newVersion.later',
    defaultMessage: 'Later',
    description: 'Dismisses the new version prompt for this version',
  },
  reload: {
    id: 'buildCheck.newVersion.reload',
    defaultMessage: 'Reload',
    description: 'Reloads the page to load the new version of the app',
  },
});

/** Later and Reload: the prompt's two choices, sent to the build-check machine (shared by both). */
export function NewVersionChoices({ actorRef }: { actorRef: ActorRefFrom<typeof buildCheckMachine> }) {
  const intl = useIntl();
  return (
    <Group justify="flex-end" gap="xs" mt="sm">
      <Button variant="default" size="xs" onClick={() => actorRef.send({ type: 'build.dismiss' })}>
        {intl.formatMessage(newVersionMessages.later)}
      </Button>
      <Button size="xs" onClick={() => actorRef.send({ type: 'build.reload' })}>
        {intl.formatMessage(newVersionMessages.reload)}
      </Button>
    </Group>
  );
}

/**
 * The new-version prompt when its own code (a Mantine Notification, loaded lazily) could not be
 * loaded — likely, since a new build may have replaced the old chunks: the same texts and choices
 * from elements the app has already loaded. It only sends `build.reload` / `build.dismiss`.
 */
export function NewVersionFallback({ actorRef }: { actorRef: ActorRefFrom<typeof buildCheckMachine> }) {
  const intl = useIntl();
  const title = intl.formatMessage(newVersionMessages.title);
  return (
    <Box
      role="alertdialog"
      aria-label={title}
      data-testid="new-version-prompt"
      data-fallback=""
      p="md"
      bg="var(--mantine-color-body)"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 380, borderRadius: 8 }}
    >
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Text size="sm">{intl.formatMessage(newVersionMessages.message)}</Text>
      <NewVersionChoices actorRef={actorRef} />
    </Box>
  );
}
